"""`tally serve`: the club room. The app itself for every table's tablet (textual-serve,
one app process per browser tab, all on the host's SQLite file) and a live board page
for the projector, behind two random keys."""
