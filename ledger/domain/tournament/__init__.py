"""A tournament night, pure: the draw of each round (`draw`, `swiss`) and the ranking
after a round (`ranking`). No I/O, no words: the service stores what these return and the
edges say it. Every draw is made from a seed the caller records, so it can be made again."""
