DROP TABLE sanction_entry_changes;
