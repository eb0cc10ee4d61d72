DROP TABLE notice_optouts;
DROP TABLE outbox;
