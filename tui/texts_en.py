"""The English texts of the app, by key (see `tui.i18n`). Placeholders are `{name}`."""

from __future__ import annotations

EN: dict[str, str] = {
    # ---- the app ------------------------------------------------------------------------------
    "app.demo": "demo night (its own database)",
    "loading": "Loading…",
    "deal.number": "Deal {n}",
    "demo.opening": "Opening the demo night…",
    "app.language_switched": "English from now on (saved).",
    "app.file_replaced": "The ledger {path} was replaced (a backup restored?) by another "
                         "program. Nothing more is saved here: quit and reopen Tally.",
    # ---- keys (footer and help) ---------------------------------------------------------------
    "key.help": "Help",
    "key.quit": "Quit",
    "key.back": "Back",
    "key.close": "Close",
    "key.cancel": "Cancel",
    "key.ok": "OK",
    "key.yes": "Yes",
    "key.no": "No",
    "key.save": "Save",
    "key.skip": "Skip",
    "key.open": "Open",
    "key.new_night": "New night",
    "key.close_night": "Close night",
    "key.roster": "Roster",
    "key.season": "Season",
    "key.next_season": "Next season",
    "key.toggle_scoring": "Chips/places",
    "key.add_player": "Add player",
    "key.rename": "Rename",
    "key.new_table": "New table",
    "key.open_table": "Open table",
    "key.add_deal": "Add deal",
    "key.correct": "Correct",
    "key.void": "Void",
    "key.undo": "Undo",
    "key.history": "History",
    "key.totals": "Nets/totals",
    "key.start_night": "Start a night",
    "key.open_demo": "Demo night",
    "key.contract": "Contract",
    "key.called_card": "Called card",
    "key.trump": "Trump",
    "key.seat": "Seat",
    "key.no_one": "No one",
    "key.points": "Points",
    "key.erase": "Erase",
    "key.toggle_pile": "Team/Gang pile",
    "key.next_choice": "Next choice",
    "key.previous_choice": "Previous choice",
    "key.remove_seat": "Remove seat",
    "key.move_up": "Move up",
    "key.move_down": "Move down",
    "key.language": "日本語",
    "key.settle": "Settle",
    "key.mark_paid": "Mark paid",
    "key.toggle_mode": "Fewest/direct",
    "key.set_rate": "Money rate",
    "key.export": "Export CSV",
    "key.replan": "Re-plan",
    "key.declare_in": "In 出る",
    "key.declare_out": "Out 降りる",
    "key.mizuten": "Mizuten ミズテン",
    "key.undo_declaration": "Take back",
    "key.play": "Play",
    "key.split": "Split",
    "key.number": "Number",
    "key.next_slot": "Next",
    "key.previous_slot": "Previous",
    "key.next_player": "Next player",
    "key.previous_player": "Previous player",
    "key.role": "Hand role",
    "key.aces": "Aces",
    "key.type_hand": "Type the 7 cards",
    "key.clear_hand": "Clear",
    "key.ending": "Ending",
    "key.game_points": "Game points",
    # ---- the command palette ------------------------------------------------------------------
    "palette.help": "Help for this screen",
    "palette.help.help": "Keys, what the screen is for, and the table's game rules",
    "palette.new_night": "New night",
    "palette.new_night.help": "Start a club night (date and venue)",
    "palette.open_night": "Open night",
    "palette.open_night.help": "Open the highlighted night",
    "palette.close_night": "Close night",
    "palette.close_night.help": "Close the night: no more deals or tables",
    "palette.roster": "Roster",
    "palette.roster.help": "The club's players: add and rename",
    "palette.season": "Season",
    "palette.season.help": "The league table across nights, each player's record, the race",
    "palette.next_season": "Next season",
    "palette.next_season.help": "Show the next season (after the last: every night)",
    "palette.toggle_scoring": "Chips or placement points",
    "palette.toggle_scoring.help": "Rank by net chips or by points for each night's places",
    "palette.add_player": "Add player",
    "palette.add_player.help": "Add a member to the roster",
    "palette.rename_player": "Rename player",
    "palette.rename_player.help": "Rename the highlighted member",
    "palette.new_table": "New table",
    "palette.new_table.help": "Set up a table: game, preset and seats",
    "palette.open_table": "Open table",
    "palette.open_table.help": "Open the highlighted table",
    "palette.add_deal": "Add deal",
    "palette.add_deal.help": "Record the next deal at this table",
    "palette.correct_deal": "Correct deal",
    "palette.correct_deal.help": "Correct the highlighted deal (later deals re-settle)",
    "palette.void_deal": "Void deal",
    "palette.void_deal.help": "Strike out the highlighted deal, with a reason",
    "palette.undo": "Undo last deal",
    "palette.undo.help": "Void the last deal saved at this table",
    "palette.history": "Deal history",
    "palette.history.help": "Every revision of the highlighted deal",
    "palette.toggle_totals": "Nets or running totals",
    "palette.toggle_totals.help": "Switch the log between each deal's nets and running totals",
    "palette.save": "Save deal",
    "palette.save.help": "Save the deal as shown",
    "palette.create": "Open table",
    "palette.create.help": "Create the table with these seats",
    "palette.start_night": "Start a club night",
    "palette.start_night.help": "Create tonight's night",
    "palette.open_demo": "Open the demo night",
    "palette.open_demo.help": "A recorded night in its own database, to look around",
    "palette.settle": "Settle the night",
    "palette.settle.help": "Who pays whom: nets, fewest transfers, money, mark paid, export",
    "palette.toggle_mode": "Fewest transfers or direct",
    "palette.toggle_mode.help": "Settle across the night, or each table on its own",
    "palette.set_rate": "Set the money rate",
    "palette.set_rate.help": "The night's money per chip and its currency",
    "palette.mark_paid": "Mark paid",
    "palette.mark_paid.help": "Mark the highlighted transfer paid (all or part of it)",
    "palette.replan": "Re-plan the settlement",
    "palette.replan.help": ("Make the plan afresh from what is still owed (after a "
                            "correction, or to change mode)"),
    "palette.export": "Export CSV",
    "palette.export.help": "Write the night's standings, deals, transfers and settlement",
    "palette.switch_language": "日本語で表示 (Japanese)",
    "palette.switch_language.help": "Switch the app to Japanese; the choice is saved",
    # ---- buttons and fields -------------------------------------------------------------------
    "button.ok": "OK",
    "button.cancel": "Cancel",
    "button.yes": "Yes",
    "button.no": "No",
    "button.save": "Save  ctrl+s",
    "button.add": "Add",
    "button.rename": "Rename",
    "button.void": "Void",
    "button.start_night": "Start night",
    "button.discard": "Discard",
    "button.keep_editing": "Keep editing",
    "button.mark_paid": "Mark paid",
    "field.date": "Date",
    "field.venue": "Venue (optional)",
    "field.venue_hint": "e.g. The Crown, back room",
    "field.name": "Name",
    "field.new_name": "New name",
    "field.reason": "Reason",
    "field.reason_hint": "why (kept in the deal's history)",
    "field.game": "Game",
    "field.preset": "Preset",
    "field.seat_hint": "name, Enter",
    "field.card_hint": "AH, 10C… (optional)",
    "field.indicator_hint": "QS",
    "field.cards": "Seven cards",
    "field.cards_hint": "AS 7H 7D 7C 2S 3D 9H (empty: none)",
    "field.rate": "Money per chip (empty: none)",
    "field.currency": "Currency",
    "field.amount": "Chips paid",
    # ---- columns ------------------------------------------------------------------------------
    "col.date": "Date",
    "col.venue": "Venue",
    "col.state": "State",
    "col.rank": "#",
    "col.player": "Player",
    "col.net": "Net",
    "col.net_all": "Net (all nights)",
    "col.deals": "Deals",
    "col.number": "#",
    "col.game": "Game",
    "col.seats": "Seats",
    "col.leader": "Leader",
    "col.status": "Status",
    "col.deal": "Deal",
    "col.rev": "Rev",
    "col.kind": "What",
    "col.when": "When (UTC)",
    "col.by": "By",
    "col.reason": "Reason",
    "col.players": "Players",
    "col.removed": "Removed",
    "col.in_play": "Cards",
    "col.hand": "Hand",
    "col.money": "Money",
    "col.from": "From",
    "col.to": "To",
    "col.chips": "Chips",
    "col.table": "Table",
    "col.role_group": "Group",
    "col.role_role": "Hand role",
    "col.role_in": "In",
    "col.role_forced_out": "Forced out",
    # ---- nights -------------------------------------------------------------------------------
    "nights.title": "Club nights",
    "nights.empty": "No nights yet. Press n to start one.",
    "nights.new_title": "A new club night",
    "night.open": "open",
    "night.closed": "closed",
    "night.title": "Night of {label} · {state}",
    "night.tables": "Tables",
    "night.standings": "The night's standings",
    "night.no_tables": "No tables yet. Press n to set one up.",
    "night.close_unpaid": "The night of {date} has {n} transfer(s) still unpaid:",
    "night.unpaid_item": "  {payer} pays {payee} {chips}",
    "button.close_anyway": "Close anyway",
    "night.close_question": "Close the night of {date}? No deal or table can be added after.",
    "night.closed_note": "The night of {date} is closed.",
    # ---- roster -------------------------------------------------------------------------------
    "roster.title": "The club's roster",
    "roster.empty": "Nobody yet. Press a to add a player.",
    "roster.add_title": "Add a player",
    "roster.rename_title": "Rename {name}",
    # ---- tables -------------------------------------------------------------------------------
    "table.new_title": "A new table",
    "table.add_players": "Players",
    "table.seats_label": "Seats {n} ({lo}–{hi}), clockwise",
    "table.title": "Table {n} · {game} ({preset})",
    "table.deal_count.one": "{n} deal",
    "table.deal_count.other": "{n} deals",
    "table.no_deals": "No deals yet. Press a to record the first one.",
    "table.totals": "Totals",
    "table.chart": "Running totals",
    "table.void": "void {reason}",
    "table.saved": "Deal saved.",
    "table.corrected": "Deal {n} corrected; {later} later deals re-settled.",
    "table.voided": "Deal {n} voided; {later} later deals re-settled.",
    "table.undone": "Deal {n} undone (voided; see its history).",
    "table.pick_a_name": "Type a name, or pick one with ↑/↓, then Enter.",
    "table.discard_seating": "Leave without opening the table? The seating is lost.",
    "table.void_title": "Void deal {n}: {summary}",
    "table.undo_question": "Undo deal {n} ({summary})? It is voided and kept in its history.",
    "table.showing_totals": "Showing running totals.",
    "table.showing_nets": "Showing each deal's nets.",
    "table.game_won": "Game over: {name} wins the game; the stake is paid.",
    "table.finished_note": "The table's game is over: no more deals here.",
    "setup.crazy-solo": "Cards removed by table size",
    "setup.hachihachi-trick": "The hand roles 手役 this table will freeze (values: in, forced out)",
    "setup.sixty-six-four": "Partners",
    "setup.partners": "Seats 1 and 3 play against seats 2 and 4: seat the partners opposite.",
    "game.crazy-solo": "Crazy Solo",
    "game.hachihachi-trick": "Hachi-Hachi Trick",
    "game.sixty-six": "Sixty-Six",
    "game.schnapsen": "Schnapsen",
    "game.sixty-six-three": "Sixty-Six, three players",
    "game.sixty-six-four": "Sixty-Six, four-hand",
    "status.finished": "finished",
    "status.round": "round {n} of {of}",
    "status.dealer": "{name} deals",
    "chart.empty": "The chart draws itself as deals are saved.",
    # ---- history ------------------------------------------------------------------------------
    "history.title": "Deal {n} · Table {table} · {game} · history",
    "history.transfers": "Transfers of the highlighted revision",
    "kind.record": "recorded",
    "kind.correct": "corrected",
    "kind.void": "voided",
    "kind.resettle": "re-settled",
    # ---- deal forms ---------------------------------------------------------------------------
    "form.new_title": "Deal {n} · Table {table} · {game}",
    "form.correct_title": "Correct deal {n} · Table {table} · {game}",
    "form.needs": "Next: {field}.",
    "form.downstream": "What this changes later",
    "form.downstream_none": "No later deal changes.",
    "table.void_later": "It changes later deals:",
    "form.reason_needed": "A correction needs a reason (it is kept in the deal's history).",
    "device.who_title": "Who keeps the score on this device?",
    "device.who_label": "Scorekeeper",
    "device.who_hint": "your name, kept in each deal's history",
    "device.name_needed": "type your name",
    "device.scorekeeper": "scorekeeper: {name}",
    "board.title": "Tally board",
    "board.updated": "updated",
    "board.player": "Player",
    "board.net": "Net",
    "board.deals": "Deals",
    "board.no_deals": "No deal yet.",
    "board.leader": "leader",
    "board.deal_count": "{n} deals",
    "board.recent": "Last deals",
    "board.table_deal": "T{table} #{n}",
    "board.reconnecting": "reconnecting…",
    "conflict.recorded": "deal {n} was just recorded on another device: check and save "
                         "as deal {next}",
    "conflict.changed": "deal {n} was just changed on another device: check and save again",
    "app.quit_deal": "Quit Tally? The deal being typed is not saved.",
    "button.quit": "Quit",
    "form.discard": "Leave this deal without saving it?",
    "preview.title": "What this deal settles",
    "preview.empty": "Fill in the deal: who pays whom shows here as you type.",
    "preview.fix": "Fix the field marked in red.",
    "preview.transfers": "Transfers",
    "preview.no_transfers": "No chips move.",
    "preview.nets": "Nets",
    "picker.none_hint": "N no one",
    "points.pile.team": "the team's pile",
    "points.pile.gang": "the Gang's pile",
    "slot.contract": "Contract",
    "slot.caller": "Caller",
    "slot.trump": "Trump",
    "slot.card": "Called card",
    "slot.partner": "Partner",
    "slot.points": "Card points",
    "slot.reason": "Reason",
    "slot.json": "JSON",
    "contract.solo": "Solo",
    "contract.heart-solo": "Heart Solo",
    "contract.alone": "Alone",
    "contract.heart-alone": "Heart Alone",
    "contract.pass": "All passed",
    "suit.clubs": "clubs",
    "suit.diamonds": "diamonds",
    "suit.hearts": "hearts",
    "suit.spades": "spades",
    # ---- Hachi-Hachi --------------------------------------------------------------------------
    "slot.start": "Start player",
    "slot.indicator": "Indicator",
    "slot.declare": "Declarations",
    "slot.split": "Two in",
    "slot.tricks": "Tricks",
    "slot.hands": "Hands",
    "hh.status": "round {n} / {of} · {start} {name}",
    "hh.round": "round {n} / {of}",
    "hh.pot_carried": "pot carried {pot}",
    "hh.game_over": "game over after {rounds} rounds · most chips: {names} ({chips})",
    "hh.indicator_hint": "the face-up card, e.g. QS, 10h, ♠Q",
    "hh.trump": "trump {suit}",
    "hh.aces_needed": "{name} was forced out: type their Aces (0 if none) or their hand",
    "hh.split_or_play": "two are in: split the pot (s) or play (p)?",
    "hh.cards_title": "{name}'s seven cards",
    "hh.pot": "pot",
    "hh.pot_total": "pot {pot}",
    "hh.next_start": "next {start}: {name}",
    "hh.mizuten_won": "{mizuten}: {name} made it, everyone pays",
    "hh.last_round": "This round ends the game.",
    "declare.turn": "← i in / o out",
    "split.play": "play",
    "split.split": "split the pot",
    "hands.aces": "Aces {n}",
    "hands.no_role": "no role",
    "hands.legend": "{roles} · letter: tick for the highlighted player · values: in / forced out",
    # ---- Sixty-Six ------------------------------------------------------------------------------
    "slot.ending": "Ending",
    "slot.by": "Claimer or closer",
    "slot.by_claim": "Claimed by",
    "slot.by_close": "Closed by",
    "slot.closer-won": "Closer",
    "slot.at-close": "At the close",
    "slot.last-trick": "Last trick",
    "slot.winner": "Winner",
    "slot.game-points": "Game points",
    "slot.ten": "10 of trumps",
    "ending.claim": "claim",
    "ending.close": "close",
    "ending.exhausted": "all played",
    "ending.scored": "quick",
    "ending.played": "played out",
    "ss.made_it": "made 66",
    "ss.failed": "failed",
    "ss.at_close_points": "{name}'s points",
    "ss.at_close_tricks": "tricks",
    "ss.none_drawn": "N drawn",
    "ss.points_1": "1",
    "ss.points_2": "2 Schneider",
    "ss.points_3": "3 Schwarz",
    "ss.who_scored": "who scored? (N: a drawn deal)",
    "ss.played_or_quick": "played out (p) or quick entry (q)?",
    "ss.game_n": "game {n}",
    "ss.bummerl_n": "Bummerl {n}",
    "ss.to_go": "to go: {score}",
    "ss.out": "at the target: {names}",
    "ss.dealer_sits_out": "{name} deals and sits out",
    "ss.bummerl_tally": "Bummerl taken: {tally}",
    "ss.games_won": "games won: {tally}",
    "ss.scores": "scores: {what}",
    "ss.drawn": "a drawn deal: nobody scores",
    "ss.score_title": "Game score after this deal",
    "ss.to_go_title": "Still to go after this deal",
    "ss.game_over": "Game over: {name} wins the game",
    "ss.no_chips": "No chips move until a game ends.",
    # ---- transfer reasons ---------------------------------------------------------------------
    "reason.tricks": "tricks",
    "reason.pot": "pot",
    "reason.split": "split",
    "reason.carried": "pot carried",
    "reason.stake": "stake",
    "reason.solo": "solo",
    "reason.heart-solo": "heart-solo",
    "reason.alone": "alone",
    "reason.heart-alone": "heart-alone",
    # ---- settlement ---------------------------------------------------------------------------
    "settle.title": "Settlement · night of {label}",
    "settle.rate": "{rate} per chip",
    "settle.no_rate": "no money rate (r sets one)",
    "settle.nets": "The night's nets",
    "settle.open_fewest": "Still to pay (fewest transfers)",
    "settle.open_direct": "Still to pay (direct: each table on its own)",
    "settle.all_settled": "All settled: nobody owes anybody.",
    "settle.paid": "Paid",
    "settle.why": "Why",
    "settle.why_none": "Highlight a transfer to see the nets behind it.",
    "settle.mode_fewest": "Fewest transfers across the night.",
    "settle.mode_direct": "Direct: each table settled on its own.",
    "settle.rate_title": "The night's money rate",
    "settle.rate_note": "Chips stay chips; money is shown beside them and in the export.",
    "settle.pay_title": "{payer} pays {payee} {n} chips",
    "settle.amount_not_number": "{text} is not a whole number of chips",
    "settle.marked": "Marked paid: {payer} → {payee} {n}.",
    "settle.name_fewest": "fewest transfers",
    "settle.name_direct": "direct",
    "settle.still_owed": "{n} of {of}",
    "settle.kept": ("The plan kept since payment started: a part payment changes only its "
                    "own line. R re-plans."),
    "settle.proposal": "A proposal: the plan in use is {kept}. R re-plans in this mode.",
    "settle.drift": "Changed since the plan was made: {changes}. R re-plans.",
    "settle.replanned": "Re-planned ({mode}): {n} transfers to pay.",
    "settle.exported": "{n} files written to {folder}: {names}",
    "why.pays": "{payer} pays {payee} {n} chips{where}.",
    "why.for_table": " for table {table}",
    "why.lost": "lost",
    "why.won": "won",
    "why.at_table": "{name} {verb} {n} chips at table {table}.",
    "why.in_all": "{name} {verb} {n} chips in all: {shares}.",
    "why.share": "{net} at table {table}",
    "why.covers": "This covers {n} of the {lost} {name} lost; the rest goes to others.",
    "why.rest": "{name} gets the other {n} from others.",
    "why.apart": ("{payer} and {payee} did not play at the same table: the fewest-payments "
                  "settlement pairs losers with winners across the night."),
    # ---- the season ---------------------------------------------------------------------------
    "season.title": "Season {name} · {start} to {end} · {by}",
    "season.title_all": "Every night · {by}",
    "season.by_chips": "ranked by net chips",
    "season.by_points": "ranked by placement points",
    "season.league": "League",
    "season.empty": "No deals in this range yet.",
    "season.record": "{player}: night by night",
    "season.record_none": "A player's nights",
    "season.chart_net": "Running net across the nights, top {n}",
    "season.chart_points": "Running points across the nights, top {n}",
    "season.col.rank": "#",
    "season.col.player": "Player",
    "season.col.nights": "Nights",
    "season.col.deals": "Deals",
    "season.col.net": "Net",
    "season.col.per_deal": "Per deal",
    "season.col.best": "Best",
    "season.col.worst": "Worst",
    "season.col.last": "Last",
    "season.col.points": "Points",
    "season.col.date": "Date",
    "season.col.place": "Place",
    # ---- help ---------------------------------------------------------------------------------
    "help.title": "Help",
    "help.keys": "Keys",
    "help.keys_group": "keys",
    "help.unavailable": "not available now",
    "help.rules": "{game}: the rules in short",
    "rules.none": "No summary of these rules yet; see the rules document.",
    "help.everywhere": (
        "Everywhere: **F1** or **?** help · **Esc** back · **ctrl+p** command palette · "
        "**ctrl+q** quit. Greyed keys are not available right now (a closed night, no deal "
        "highlighted, a deal that is not valid yet)."),
    "help.welcome": (
        "# Welcome to Tally\n\nTally keeps the score and the payouts of club nights. "
        "Start tonight's night, or open the demo night to look around first: it lives in its "
        "own database, so nothing you do there touches the club's data."),
    "help.nights": (
        "# Club nights\n\nEach night holds the tables played that evening. **n** starts a "
        "night, **Enter** or **o** opens the highlighted one, **c** closes it when the "
        "evening is over (a closed night takes no more deals), **r** opens the roster, **s** "
        "the season (the league across nights), **l** switches the app to Japanese (日本語; "
        "the choice is saved)."),
    "help.season": (
        "# The season\n\nThe league across the nights of a season (`tally season new`), or of "
        "every night when there is no season: nights and deals played, net chips, net per "
        "deal, best and worst night, last night. Equal values share a rank. **p** switches "
        "to placement scoring: each night's places earn points (10, 7, 5, 3, 1; tied players "
        "share the points of the places they span). **n** shows the next season. Beside the "
        "table, the highlighted player's nights: place, net, and the net at each game; below, "
        "the running net (or points) of the top four."),
    "help.roster": (
        "# Roster\n\nEvery member of the club, with their deals and net over all nights. "
        "**a** adds a player, **e** or **F2** renames the highlighted one (their past deals "
        "follow the new name)."),
    "help.night": (
        "# A night\n\nThe tables of the night with their game, seats, deals and who leads, "
        "and the night's standings, which follow every saved deal. **n** sets up a table, "
        "**Enter** opens one, **s** settles the night (who pays whom), **c** closes it."),
    "help.new_table": (
        "# A new table\n\nChoose the game and its preset, then seat the players in "
        "clockwise order: type a name and press **Enter** (a new name joins the roster). "
        "In the seat list, **Delete** removes a seat and **shift+↑/↓** moves it. The first "
        "seat deals first. **ctrl+s** opens the table."),
    "help.table": (
        "# A table\n\nThe deal log shows each deal's summary and what every player won or "
        "lost in it (**t** switches to running totals); the totals and the chart follow. "
        "✎ marks a corrected deal, ↻ one re-settled after an earlier correction, ✗ a void.\n\n"
        "**a** records a deal. **c** corrects the highlighted deal and **v** voids it, each "
        "with a reason; later deals re-settle by themselves. **u** undoes the last deal "
        "saved. **Enter** or **h** shows a deal's history."),
    "help.history": (
        "# A deal's history\n\nEvery revision of the deal, oldest first: recorded, "
        "corrected, voided, or re-settled because an earlier deal changed. Nothing is ever "
        "overwritten. The transfers of the highlighted revision show below."),
    "help.deal_form": (
        "# A deal\n\nFill in the deal; the transfers and nets show as you go, computed by "
        "the rules. A field the rules refuse is marked in red. **ctrl+s** (or **Enter**) "
        "saves once the deal is valid; **Esc** leaves (it asks first if you typed "
        "something)."),
    "help.form.json": (
        "# A deal as JSON\n\nThis game has no form of its own yet: type the deal as the "
        "contract JSON of `tally calc` (see calc-contract.md). The transfers show live; "
        "**ctrl+s** saves once the deal is valid; **Esc** leaves."),
    "help.form.crazy-solo": (
        "# A Crazy Solo deal\n\nThe focused field takes its own keys:\n\n"
        "- **Contract**: **s** Solo, **h** Heart Solo, **a** Alone, **l** Heart Alone, "
        "**p** all passed\n"
        "- **Caller** and **Partner**: the seat number (**1**–**9**, then **0**, **-**, **=** "
        "for seats 10–12); **n** for no partner\n"
        "- **Trump**: **c** ♣, **d** ♦, **h** ♥, **s** ♠ (hearts contracts set ♥ "
        "themselves)\n"
        "- **Called card**: optional, on its own key: **k**, then e.g. AH or 10C; **Enter** "
        "goes back to the first field still empty\n"
        "- **Card points**: typed; **g** switches between the team's pile and the Gang's "
        "pile, whichever the table counted\n\n"
        "Each choice moves to the next field; **Tab** / **shift+Tab** move freely. The "
        "payouts show live; **Enter** or **ctrl+s** saves once the deal is valid."),
    "help.form.hachihachi-trick": (
        "# A Hachi-Hachi round\n\nFrom the top; each choice moves on by itself:\n\n"
        "- **Indicator**: the face-up card, typed (QS, 10h, ♠Q); the trump and Ooba 大場 ×2 "
        "or Zetsuba 絶場 ×4 show at once\n"
        "- **Declarations**, round the table from the start player スタP: **i** in 出る, "
        "**o** out 降りる, **Backspace** takes the last one back. Once three are in, the "
        "rest are forced out 降ろされ by themselves. **m** toggles Mizuten ミズテン for the "
        "start player (in without choice)\n"
        "- **Two in**: **s** split the pot, **p** play\n"
        "- **Tricks** of the in-players: one digit each; the last fills itself to make 7\n"
        "- **Hand roles 手役**: **↑/↓** choose the player; a role's letter (the table under "
        "the players) ticks it; **0**–**4** a forced-out player's Aces; **h** types their 7 "
        "cards and the roles and Aces are found from them; **Backspace** clears\n\n"
        "The start player is filled in; **shift+Tab** reaches it to change it. The transfers "
        "show live, grouped by reason; **Enter** or **ctrl+s** saves once the round is valid."),
    "help.form.sixty-six": (
        "# A Sixty-Six deal\n\nThe deal's facts, or just its game points:\n\n"
        "- **Ending**: **c** a claim of 66, **l** a close, **e** all played (the stock "
        "used up, nobody claimed), **q** quick entry (who scored how many game points, for a "
        "deal scored on paper)\n"
        "- **Claimed by** / **Closed by**: **1** or **2**\n"
        "- **Card points** and **tricks**: typed; **Enter** or **space** moves to the other "
        "player, then on. Card points count the marriages that count, not the last trick's "
        "10 (the ledger adds it)\n"
        "- a close: whether the closer **made it** (**y** / **n**) and the opponent's points "
        "and tricks at the close\n"
        "- **Last trick**: who won it (**n**: not asked)\n\n"
        "The side panel shows what the deal scores, the running game score and, when a game "
        "ends, the stake that moves. Three players: the dealer sits out and scores what the "
        "winner scores, up to 6."),
    "help.form.sixty-six-four": (
        "# A four-hand deal\n\nSeats 1 and 3 play against 2 and 4. Type one side's card "
        "points: the other side's fill themselves to make 130 (with the last trick's 10). "
        "**shift+Tab** reaches the ending: **p** played out, **q** quick entry of the "
        "winning side (**1** / **2**, **n** drawn) and its game points (**1**–**3**)."),
    "help.settlement": (
        "# Settling the night\n\nThe night's nets, and who still pays whom in the fewest "
        "transfers (**d** switches to direct mode: each table settled on its own). The "
        "\"why\" under the list shows the table nets behind the highlighted transfer.\n\n"
        "**p** (or **Enter**) marks it paid, all of it or a part. Once payment has started "
        "the plan is kept: a part payment changes only its own line, and a deal corrected "
        "later shows as a difference; **R** re-plans from what is still owed (in the mode "
        "shown). **r** sets the night's "
        "money per chip and currency (chips stay the record; money is shown beside them); "
        "**e** writes the night's CSV files (standings, deals, transfers, settlement) to the "
        "exports folder."),
    # ---- rules in short (help) ----------------------------------------------------------------
    "rules.crazy-solo": (
        "- 36 cards A 10 K Q J 9 8 7 6; A 11, 10 10, K 4, Q 3, J 2: 120 points. Some 6s and "
        "7s go out at 5, 7, 8, 10 and 11 players (the table shows which).\n"
        "- Contracts, low to high: Solo, Heart Solo, Alone, Heart Alone. Everyone bids or "
        "passes once; all pass: nobody pays.\n"
        "- The caller names trump (hearts for the Heart contracts). In a Solo the caller names "
        "a card: its holder is the secret partner. Alone: no partner. The rest are the Gang.\n"
        "- Play: follow suit if you can, else trump if you can, else anything.\n"
        "- Score: (team points − 60) × 2, × 3 when hearts are trump, rounded to 5. Each Gang "
        "member pays that to the caller or the partner (the caller collects from the larger "
        "half); alone, the caller collects from everyone. Below 60 the money runs the other "
        "way."),
    "rules.hachihachi-trick": (
        "- 52 cards, 7 each; the face-up indicator sets trump and the multiplier: 10 J Q "
        "Ooba 大場 ×2, A K Zetsuba 絶場 ×4.\n"
        "- From the start player スタP each declares in 出る or out 降りる; outs pay 2, 3, 4 … "
        "into the pot. After the third in, the rest are forced out 降ろされ and are paid for "
        "their Aces and hand roles 手役 by each in-player.\n"
        "- In-players settle hand roles and tricks pairwise; the most tricks takes the pot "
        "and starts next. Mizuten ミズテン: the start player goes in blind; 3+ tricks earns "
        "1 from everyone.\n"
        "- Nobody in: the round is skipped and the fees refunded (or carried to the next "
        "pot, if the table says so).\n"
        "- 12 rounds (short game 6)."),
    "rules.sixty-six": (
        "- 24 cards 9–A; A 11, 10 10, K 4, Q 3, J 2; marriages 20, in trumps 40.\n"
        "- Claim 66 to win the deal: 1 game point, 2 if the loser has under 33, 3 if no "
        "trick. A false claim gives the opponent 2, or 3 if the opponent has no trick. Stock "
        "used up: the last trick earns 10.\n"
        "- First to 7 game points wins the game; the loser pays the stake."),
    "rules.schnapsen": (
        "- 20 cards 10–A; the Sixty-Six scale of 1, 2, 3 game points. Stock used up: the "
        "last trick wins the hand, on the same scale (a flat 1 if the table says so).\n"
        "- Both count down from 7; the first to 0 wins and the loser takes a Bummerl (two if "
        "still at 7)."),
    "rules.sixty-six-three": (
        "- Three players: the dealer sits out and scores what the deal's winner scores, "
        "but no further than 6.\n- First to 7 wins; the last pays each of the others."),
    "rules.sixty-six-four": (
        "- Two partnerships, 24 cards 9–A, 6 each (Hoyle's 32 cards 7–A, 8 each, if the "
        "table says so), no marriages; the last trick is worth 10.\n"
        "- 66–99 scores 1, 100–129 scores 2, all 130 scores 3; first side to 7 wins."),
    # ---- welcome ------------------------------------------------------------------------------
    "welcome.title": "Tally",
    "welcome.body": (
        "Scores and payouts for club nights of card games: Crazy Solo, Hachi-Hachi, "
        "Sixty-Six. Every deal is kept with its history; who pays whom is worked out by the "
        "rules as you type.\n\nNo night is recorded here yet. What would you like to do?"),
    "welcome.start_night": "Start a club night",
    "welcome.open_demo": "Open the demo night (its own database, to look around)",
}
