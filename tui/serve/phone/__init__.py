"""The phone's entry: each table's deals entered from a phone, as plain HTML forms
the server renders from the service's form facts (no rule of a game in a page or template),
with a small script of our own for the live preview and the outbox. Beside the terminal
entry (the Textual app in the page), which stays for tablets with keyboards.

- `access`: the table keys (a phone at table 3 records at table 3 only);
- `form`: form facts → the controls to draw, and the posted form → contract JSON;
- `pages`: what each page shows (log, status, preview), read from the service;
- `routes`: the aiohttp handlers under `/t/<n>`.
"""
