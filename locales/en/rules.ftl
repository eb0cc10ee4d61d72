# Rules as people cite them: the regulation's own numbering (B.1.3, § 3.3);
# the enterprise cup's regulation numbers nothing: its rules by short title.
rule-number-r = § { $number }
rule-g-e3 = “signs”
rule-e1 = “group stage and play-off”
rule-e2 = “team boards”
rule-e3 = “two games”
rule-e4 = “game scoring”
rule-e5 = “time control”
rule-e6 = “lateness”
rule-e7 = “round length”
rule-e8 = “group ties”
rule-e9 = “armageddon”
rule-e10 = “one team per enterprise”
rule-e11 = “team roster”
rule-e12 = “employees of the enterprise”
rule-e13 = “fair play”
# The club championship's regulation: the section in Latin letters as its
# English edition writes them, and the dotted number (B.1.3, G.7).
rule-number-g = { $section }.{ $number }
# A rule the organizer named: as written.
rule-as-written = { $code }
# G.4: a dissolved team's sanctions pass to its members.
rule-passed = { $from } → { $to }
# Text a person wrote: as written.
as-written = { $text }
# A rule and the reason: "G.3: left the tournament".
rule-reason = { $code }: { $reason }
# Words and the rule they follow: "substitution by the captain's decision (V.3.1)".
rule-cited = { $text } ({ $rule })
