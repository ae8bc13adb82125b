"""The Japanese texts of the app, by key (see `tui.i18n`); every English key has one here.

Keep the placeholders (`{n}`, `{name}` …) of the English text (a test checks them).
Hachi-Hachi's terms come from `tui.i18n.TERMS` and show both words in either language; the
deal summaries and the rules' refusals come from the ledger and stay as it writes them.
"""

from __future__ import annotations

JA: dict[str, str] = {
    # ---- the app ------------------------------------------------------------------------------
    "app.demo": "デモの夜（専用データベース）",
    "loading": "読み込み中…",
    "deal.number": "第{n}ディール",
    "demo.opening": "デモの夜を開いています…",
    "app.language_switched": "日本語で表示します（設定を保存しました）。",
    "app.file_replaced": "台帳 {path} が別のプログラムによって置き換えられました"
                         "（バックアップの復元？）。ここではこれ以上保存されません。"
                         "Tallyを終了して開き直してください。",
    # ---- keys (footer and help) ---------------------------------------------------------------
    "key.help": "ヘルプ",
    "key.quit": "終了",
    "key.back": "戻る",
    "key.close": "閉じる",
    "key.cancel": "キャンセル",
    "key.ok": "OK",
    "key.yes": "はい",
    "key.no": "いいえ",
    "key.save": "保存",
    "key.skip": "スキップ",
    "key.open": "開く",
    "key.new_night": "新しい夜",
    "key.close_night": "夜を締める",
    "key.roster": "名簿",
    "key.season": "シーズン",
    "key.next_season": "次のシーズン",
    "key.toggle_scoring": "チップ/順位点",
    "key.add_player": "追加",
    "key.rename": "名前変更",
    "key.new_table": "新しい卓",
    "key.open_table": "卓を開く",
    "key.add_deal": "記録",
    "key.correct": "訂正",
    "key.void": "無効",
    "key.undo": "取消",
    "key.history": "履歴",
    "key.totals": "収支/累計",
    "key.start_night": "夜を始める",
    "key.open_demo": "デモ",
    "key.contract": "コントラクト",
    "key.called_card": "指名カード",
    "key.trump": "切り札",
    "key.seat": "席",
    "key.no_one": "なし",
    "key.points": "点数",
    "key.erase": "消す",
    "key.toggle_pile": "チーム/ギャング",
    "key.next_choice": "次の選択肢",
    "key.previous_choice": "前の選択肢",
    "key.remove_seat": "席を外す",
    "key.move_up": "上へ",
    "key.move_down": "下へ",
    "key.language": "English",
    "key.settle": "精算",
    "key.mark_paid": "支払済",
    "key.replan": "再計画",
    "key.toggle_mode": "最少/直接",
    "key.set_rate": "レート",
    "key.export": "CSV出力",
    "key.declare_in": "出る in",
    "key.declare_out": "降りる out",
    "key.mizuten": "ミズテン Mizuten",
    "key.undo_declaration": "戻す",
    "key.play": "勝負",
    "key.split": "山分け",
    "key.number": "数字",
    "key.next_slot": "次へ",
    "key.previous_slot": "前へ",
    "key.next_player": "次の人",
    "key.previous_player": "前の人",
    "key.role": "手役",
    "key.aces": "エース",
    "key.type_hand": "7枚を入力",
    "key.clear_hand": "消す",
    "key.ending": "終わり方",
    "key.game_points": "ゲーム点",
    # ---- the command palette ------------------------------------------------------------------
    "palette.help": "この画面のヘルプ",
    "palette.help.help": "キー操作、画面の説明、卓のゲームのルール",
    "palette.new_night": "新しい夜",
    "palette.new_night.help": "クラブの夜を始める（日付と会場）",
    "palette.open_night": "夜を開く",
    "palette.open_night.help": "選択中の夜を開く",
    "palette.close_night": "夜を締める",
    "palette.close_night.help": "夜を締める：以後ディールも卓も追加できません",
    "palette.roster": "名簿",
    "palette.roster.help": "クラブのメンバー：追加と名前変更",
    "palette.season": "シーズン",
    "palette.season.help": "夜をまたいだリーグ表、各プレイヤーの成績、推移グラフ",
    "palette.next_season": "次のシーズン",
    "palette.next_season.help": "次のシーズンを表示（最後の次は全期間）",
    "palette.toggle_scoring": "チップか順位点か",
    "palette.toggle_scoring.help": "収支チップで順位をつけるか、夜ごとの順位の点でつけるか",
    "palette.add_player": "メンバーを追加",
    "palette.add_player.help": "名簿にメンバーを加える",
    "palette.rename_player": "名前を変更",
    "palette.rename_player.help": "選択中のメンバーの名前を変える",
    "palette.new_table": "新しい卓",
    "palette.new_table.help": "卓を用意する：ゲーム、プリセット、席順",
    "palette.open_table": "卓を開く",
    "palette.open_table.help": "選択中の卓を開く",
    "palette.add_deal": "ディールを記録",
    "palette.add_deal.help": "この卓の次のディールを記録する",
    "palette.correct_deal": "ディールを訂正",
    "palette.correct_deal.help": "選択中のディールを訂正する（後のディールは再精算）",
    "palette.void_deal": "ディールを無効に",
    "palette.void_deal.help": "選択中のディールを理由を付けて無効にする",
    "palette.undo": "最後のディールを取消",
    "palette.undo.help": "この卓で最後に保存したディールを無効にする",
    "palette.history": "ディールの履歴",
    "palette.history.help": "選択中のディールの全ての版",
    "palette.toggle_totals": "収支か累計か",
    "palette.toggle_totals.help": "ログを各ディールの収支と累計で切り替える",
    "palette.save": "ディールを保存",
    "palette.save.help": "表示どおりにディールを保存する",
    "palette.create": "卓を開く",
    "palette.create.help": "この席順で卓を作る",
    "palette.start_night": "クラブの夜を始める",
    "palette.start_night.help": "今夜の夜を作る",
    "palette.open_demo": "デモの夜を開く",
    "palette.open_demo.help": "専用データベースに記録済みの夜：見て回るために",
    "palette.settle": "夜を精算",
    "palette.settle.help": "誰が誰に払うか：収支、最少の送金、金額、支払済、出力",
    "palette.toggle_mode": "最少送金か直接精算か",
    "palette.toggle_mode.help": "夜全体で精算するか、卓ごとに精算するか",
    "palette.set_rate": "レートを設定",
    "palette.set_rate.help": "この夜の1チップあたりの金額と通貨",
    "palette.mark_paid": "支払済にする",
    "palette.mark_paid.help": "選択中の送金を支払済にする（全額または一部）",
    "palette.export": "CSV出力",
    "palette.replan": "精算を再計画",
    "palette.replan.help": ("まだ払われていない分から計画を作り直す"
                            "（修正の後、または方式を変えるとき）"),
    "palette.export.help": "この夜の順位、ディール、送金、精算をファイルに書く",
    "palette.switch_language": "Show in English（英語で表示）",
    "palette.switch_language.help": "アプリを英語に切り替え、設定を保存する",
    # ---- buttons and fields -------------------------------------------------------------------
    "button.ok": "OK",
    "button.cancel": "キャンセル",
    "button.yes": "はい",
    "button.no": "いいえ",
    "button.save": "保存  ctrl+s",
    "button.add": "追加",
    "button.rename": "変更",
    "button.void": "無効にする",
    "button.start_night": "夜を始める",
    "button.discard": "破棄",
    "button.keep_editing": "編集を続ける",
    "button.mark_paid": "支払済にする",
    "field.date": "日付",
    "field.venue": "会場（任意）",
    "field.venue_hint": "例：クラウン、奥の部屋",
    "field.name": "名前",
    "field.new_name": "新しい名前",
    "field.reason": "理由",
    "field.reason_hint": "理由（ディールの履歴に残ります）",
    "field.game": "ゲーム",
    "field.preset": "プリセット",
    "field.seat_hint": "名前、Enter",
    "field.card_hint": "AH、10C…（任意）",
    "field.indicator_hint": "QS",
    "field.cards": "7枚のカード",
    "field.cards_hint": "AS 7H 7D 7C 2S 3D 9H（空欄：なし）",
    "field.rate": "1チップの金額（空欄：なし）",
    "field.currency": "通貨",
    "field.amount": "支払ったチップ",
    # ---- columns ------------------------------------------------------------------------------
    "col.date": "日付",
    "col.venue": "会場",
    "col.state": "状態",
    "col.rank": "#",
    "col.player": "プレイヤー",
    "col.net": "収支",
    "col.net_all": "収支（全期間）",
    "col.deals": "ディール",
    "col.number": "#",
    "col.game": "ゲーム",
    "col.seats": "席",
    "col.leader": "トップ",
    "col.status": "状況",
    "col.deal": "ディール",
    "col.rev": "版",
    "col.kind": "種別",
    "col.when": "日時 (UTC)",
    "col.by": "記録者",
    "col.reason": "理由",
    "col.players": "人数",
    "col.removed": "抜くカード",
    "col.in_play": "枚数",
    "col.hand": "手札",
    "col.money": "金額",
    "col.from": "支払う人",
    "col.to": "受け取る人",
    "col.chips": "チップ",
    "col.table": "卓",
    "col.role_group": "組",
    "col.role_role": "手役",
    "col.role_in": "出る",
    "col.role_forced_out": "降ろされ",
    # ---- nights -------------------------------------------------------------------------------
    "nights.title": "クラブの夜",
    "nights.empty": "まだ夜がありません。n で始めます。",
    "nights.new_title": "新しいクラブの夜",
    "night.open": "開催中",
    "night.closed": "締め済み",
    "night.title": "{label} の夜 · {state}",
    "night.tables": "卓",
    "night.standings": "この夜の順位",
    "night.no_tables": "まだ卓がありません。n で用意します。",
    "night.close_unpaid": "{date} の夜には未払いの精算が {n} 件あります：",
    "night.unpaid_item": "  {payer} → {payee} {chips}",
    "button.close_anyway": "それでも締める",
    "night.close_question": "{date} の夜を締めますか？以後ディールも卓も追加できません。",
    "night.closed_note": "{date} の夜を締めました。",
    # ---- roster -------------------------------------------------------------------------------
    "roster.title": "クラブの名簿",
    "roster.empty": "まだ誰もいません。a で追加します。",
    "roster.add_title": "メンバーを追加",
    "roster.rename_title": "{name} の名前を変更",
    # ---- tables -------------------------------------------------------------------------------
    "table.new_title": "新しい卓",
    "table.add_players": "プレイヤー",
    "table.seats_label": "席 {n}（{lo}–{hi}）、時計回り",
    "table.title": "卓{n} · {game}（{preset}）",
    "table.deal_count.one": "{n}ディール",
    "table.deal_count.other": "{n}ディール",
    "table.no_deals": "まだディールがありません。a で最初のディールを記録します。",
    "table.totals": "合計",
    "table.chart": "累計の推移",
    "table.void": "無効 {reason}",
    "table.saved": "ディールを保存しました。",
    "table.corrected": "第{n}ディールを訂正しました。後の{later}ディールを再精算しました。",
    "table.voided": "第{n}ディールを無効にしました。後の{later}ディールを再精算しました。",
    "table.undone": "第{n}ディールを取り消しました（無効。履歴に残ります）。",
    "table.pick_a_name": "名前を入力するか、↑/↓ で選んでから Enter。",
    "table.discard_seating": "卓を開かずに戻りますか？席順は失われます。",
    "table.void_title": "第{n}ディールを無効に：{summary}",
    "table.undo_question": "第{n}ディール（{summary}）を取り消しますか？無効にして履歴に残します。",
    "table.showing_totals": "累計を表示しています。",
    "table.showing_nets": "各ディールの収支を表示しています。",
    "table.game_won": "ゲーム終了：{name} の勝ち。ステークを精算しました。",
    "table.finished_note": "この卓のゲームは終わりました。これ以上ディールは記録できません。",
    "setup.crazy-solo": "人数ごとに抜くカード",
    "setup.hachihachi-trick": "この卓で固定する手役 hand roles（値：出る / 降ろされ）",
    "setup.sixty-six-four": "ペア",
    "setup.partners": "1番と3番の席が2番と4番の席と対戦します。ペアは向かい合わせに。",
    "game.crazy-solo": "クレイジーソロ",
    "game.hachihachi-trick": "ハチハチトリック",
    "game.sixty-six": "シックスティシックス",
    "game.schnapsen": "シュナプセン",
    "game.sixty-six-three": "シックスティシックス（3人）",
    "game.sixty-six-four": "シックスティシックス（4人ペア）",
    "status.finished": "終了",
    "status.round": "{of}回中{n}回目",
    "status.dealer": "親 {name}",
    "chart.empty": "ディールを保存するとグラフが描かれます。",
    # ---- history ------------------------------------------------------------------------------
    "history.title": "第{n}ディール · 卓{table} · {game} · 履歴",
    "history.transfers": "選択中の版の送金",
    "kind.record": "記録",
    "kind.correct": "訂正",
    "kind.void": "無効",
    "kind.resettle": "再精算",
    # ---- deal forms ---------------------------------------------------------------------------
    "form.new_title": "第{n}ディール · 卓{table} · {game}",
    "form.correct_title": "第{n}ディールを訂正 · 卓{table} · {game}",
    "form.needs": "次は {field}。",
    "form.downstream": "この後のディールの変化",
    "form.downstream_none": "後のディールは変わりません。",
    "table.void_later": "後のディールが変わります：",
    "form.reason_needed": "訂正には理由が必要です（ディールの履歴に残ります）。",
    "device.who_title": "この端末で記録するのは誰ですか？",
    "device.who_label": "記録者",
    "device.who_hint": "名前：保存するディールの履歴に残ります",
    "device.name_needed": "名前を入力してください",
    "device.scorekeeper": "記録者：{name}",
    "board.title": "Tally ボード",
    "board.updated": "更新",
    "board.player": "プレイヤー",
    "board.net": "収支",
    "board.deals": "ディール",
    "board.no_deals": "まだディールはありません。",
    "board.leader": "トップ",
    "board.deal_count": "{n}ディール",
    "board.recent": "最近のディール",
    "board.table_deal": "卓{table} 第{n}",
    "board.reconnecting": "再接続中…",
    "conflict.recorded": "第{n}ディールは別の端末で記録されたところです。確認して第{next}ディール"
                         "として保存してください",
    "conflict.changed": "第{n}ディールは別の端末で変更されたところです。確認してもう一度保存して"
                        "ください",
    "app.quit_deal": "Tally を終了しますか？入力中のディールは保存されません。",
    "button.quit": "終了",
    "form.discard": "保存せずにこのディールを離れますか？",
    "preview.title": "このディールの精算",
    "preview.empty": "ディールを入力すると、誰が誰に払うかがここに表示されます。",
    "preview.fix": "赤く示した欄を直してください。",
    "preview.transfers": "送金",
    "preview.no_transfers": "チップは動きません。",
    "preview.nets": "収支",
    "picker.none_hint": "N なし",
    "points.pile.team": "チームの札",
    "points.pile.gang": "ギャングの札",
    "slot.contract": "コントラクト",
    "slot.caller": "宣言者",
    "slot.trump": "切り札",
    "slot.card": "指名カード",
    "slot.partner": "パートナー",
    "slot.points": "カード点",
    "slot.reason": "理由",
    "slot.json": "JSON",
    "contract.solo": "ソロ",
    "contract.heart-solo": "ハートソロ",
    "contract.alone": "アローン",
    "contract.heart-alone": "ハートアローン",
    "contract.pass": "全員パス",
    "suit.clubs": "クラブ",
    "suit.diamonds": "ダイヤ",
    "suit.hearts": "ハート",
    "suit.spades": "スペード",
    # ---- Hachi-Hachi --------------------------------------------------------------------------
    "slot.start": "スタP",
    "slot.indicator": "表札",
    "slot.declare": "宣言",
    "slot.split": "2人が出る",
    "slot.tricks": "トリック",
    "slot.hands": "手札",
    "hh.status": "{of}回中{n}回目 · {start} {name}",
    "hh.round": "{of}回中{n}回目",
    "hh.pot_carried": "持ち越し {pot}",
    "hh.game_over": "{rounds}回で終了 · チップ最多：{names}（{chips}）",
    "hh.indicator_hint": "表向きのカード、例 QS、10h、♠Q",
    "hh.trump": "切り札 {suit}",
    "hh.aces_needed": "{name} は降ろされ：エースの枚数（なければ 0）か手札を入力",
    "hh.split_or_play": "2人が出ています：場を山分け (s) か勝負 (p) か？",
    "hh.cards_title": "{name} の7枚",
    "hh.pot": "場",
    "hh.pot_total": "場 {pot}",
    "hh.next_start": "次の{start}：{name}",
    "hh.mizuten_won": "{mizuten}：{name} が成功、全員が払う",
    "hh.last_round": "このラウンドでゲーム終了です。",
    "declare.turn": "← i 出る / o 降りる",
    "split.play": "勝負",
    "split.split": "場を山分け",
    "hands.aces": "エース {n}",
    "hands.no_role": "役なし",
    "hands.legend": "{roles} · 文字キーで選択中の人の役を付ける · 値：出る / 降ろされ",
    # ---- Sixty-Six ----------------------------------------------------------------------------
    "slot.ending": "終わり方",
    "slot.by": "宣言者かクローズした人",
    "slot.by_claim": "66を宣言",
    "slot.by_close": "クローズ",
    "slot.closer-won": "クローズの結果",
    "slot.at-close": "クローズ時",
    "slot.last-trick": "最後のトリック",
    "slot.winner": "勝者",
    "slot.game-points": "ゲーム点",
    "slot.ten": "切り札の10",
    "ending.claim": "66宣言",
    "ending.close": "クローズ",
    "ending.exhausted": "全部プレイ",
    "ending.scored": "簡易入力",
    "ending.played": "全部プレイ",
    "ss.made_it": "66に届いた",
    "ss.failed": "失敗",
    "ss.at_close_points": "{name} の点",
    "ss.at_close_tricks": "トリック",
    "ss.none_drawn": "N 引き分け",
    "ss.points_1": "1",
    "ss.points_2": "2 シュナイダー",
    "ss.points_3": "3 シュヴァルツ",
    "ss.who_scored": "誰が得点した？（N：引き分け）",
    "ss.played_or_quick": "全部プレイ (p) か簡易入力 (q) か？",
    "ss.game_n": "第{n}ゲーム",
    "ss.bummerl_n": "ブンメル{n}",
    "ss.to_go": "残り：{score}",
    "ss.out": "目標到達：{names}",
    "ss.dealer_sits_out": "親 {name}（休み）",
    "ss.bummerl_tally": "ブンメル：{tally}",
    "ss.games_won": "勝ったゲーム：{tally}",
    "ss.scores": "得点：{what}",
    "ss.drawn": "引き分け：誰も得点しません",
    "ss.score_title": "このディール後のゲームの得点",
    "ss.to_go_title": "このディール後の残り",
    "ss.game_over": "ゲーム終了：{name} の勝ち",
    "ss.no_chips": "ゲームが終わるまでチップは動きません。",
    # ---- transfer reasons ---------------------------------------------------------------------
    "reason.tricks": "トリック",
    "reason.pot": "場",
    "reason.split": "山分け",
    "reason.carried": "持ち越しの場",
    "reason.stake": "ステーク",
    "reason.solo": "ソロ",
    "reason.heart-solo": "ハートソロ",
    "reason.alone": "アローン",
    "reason.heart-alone": "ハートアローン",
    # ---- settlement ---------------------------------------------------------------------------
    "settle.title": "精算 · {label} の夜",
    "settle.rate": "1チップ {rate}",
    "settle.no_rate": "レートなし（r で設定）",
    "settle.nets": "この夜の収支",
    "settle.open_fewest": "未払い（最少の送金）",
    "settle.open_direct": "未払い（直接：卓ごとに精算）",
    "settle.all_settled": "精算済み：誰も誰にも借りはありません。",
    "settle.paid": "支払済",
    "settle.why": "理由",
    "settle.why_none": "送金を選ぶと、その元になった収支が表示されます。",
    "settle.mode_fewest": "夜全体で最少の送金。",
    "settle.mode_direct": "直接：卓ごとに精算。",
    "settle.rate_title": "この夜のレート",
    "settle.rate_note": "記録はチップのまま。金額は横と出力ファイルに表示されます。",
    "settle.pay_title": "{payer} が {payee} に {n} チップ払う",
    "settle.amount_not_number": "{text} はチップの整数ではありません",
    "settle.marked": "支払済：{payer} → {payee} {n}。",
    "settle.name_fewest": "最少送金",
    "settle.name_direct": "直接精算",
    "settle.still_owed": "{of}のうち{n}",
    "settle.kept": ("支払いが始まった時点の計画を保持：一部の支払いはその行だけを"
                    "変えます。R で再計画。"),
    "settle.proposal": "提案：使用中の計画は{kept}です。R でこの方式で再計画。",
    "settle.drift": "計画の後に変わった収支：{changes}。R で再計画。",
    "settle.replanned": "再計画しました（{mode}）：支払い{n}件。",
    "settle.exported": "{folder} に{n}ファイルを書きました：{names}",
    "why.pays": "{payer} が {payee} に{where} {n} チップ払います。",
    "why.for_table": "卓{table}の分として",
    "why.lost": "負け",
    "why.won": "勝ち",
    "why.at_table": "{name} は卓{table}で {n} チップの{verb}。",
    "why.in_all": "{name} は合計 {n} チップの{verb}：{shares}。",
    "why.share": "卓{table} {net}",
    "why.covers": "これは {name} の負け {lost} のうち {n} で、残りは他の人へ払います。",
    "why.rest": "{name} は残りの {n} を他の人から受け取ります。",
    "why.apart": ("{payer} と {payee} は同じ卓で遊んでいません。最少送金の精算では、"
                  "夜全体で負けた人と勝った人を組み合わせます。"),
    # ---- the season ---------------------------------------------------------------------------
    "season.title": "シーズン {name} · {start}〜{end} · {by}",
    "season.title_all": "全期間 · {by}",
    "season.by_chips": "収支チップ順",
    "season.by_points": "順位点順",
    "season.league": "リーグ表",
    "season.empty": "この期間のディールはまだありません。",
    "season.record": "{player} の夜ごとの成績",
    "season.record_none": "プレイヤーの夜ごとの成績",
    "season.chart_net": "夜ごとの累計収支（上位 {n} 人）",
    "season.chart_points": "夜ごとの累計順位点（上位 {n} 人）",
    "season.col.rank": "#",
    "season.col.player": "プレイヤー",
    "season.col.nights": "夜",
    "season.col.deals": "ディール",
    "season.col.net": "収支",
    "season.col.per_deal": "1ディール平均",
    "season.col.best": "最高",
    "season.col.worst": "最低",
    "season.col.last": "最終",
    "season.col.points": "順位点",
    "season.col.date": "日付",
    "season.col.place": "順位",
    # ---- help ---------------------------------------------------------------------------------
    "help.title": "ヘルプ",
    "help.keys": "キー",
    "help.keys_group": "キー",
    "help.unavailable": "今は使えません",
    "help.rules": "{game}：ルールの要点",
    "rules.none": "このルールの要点はまだありません。ルール文書を見てください。",
    "help.everywhere": (
        "どこでも：**F1** か **?** ヘルプ · **Esc** 戻る · **ctrl+p** コマンドパレット · "
        "**ctrl+q** 終了。灰色のキーは今は使えません（締めた夜、ディール未選択、"
        "まだ有効でないディールなど）。"),
    "help.welcome": (
        "# Tally へようこそ\n\nTally はクラブの夜の得点と精算を記録します。今夜の夜を始めるか、"
        "先にデモの夜を開いて見て回ってください。デモは専用のデータベースにあるので、"
        "そこで何をしてもクラブのデータには触れません。"),
    "help.nights": (
        "# クラブの夜\n\n夜ごとに、その晩に遊んだ卓がまとまります。**n** で夜を始め、"
        "**Enter** か **o** で選択中の夜を開き、**c** で終わった夜を締めます（締めた夜には"
        "記録できません）。**r** で名簿を開き、**s** でシーズン（夜をまたいだリーグ表）を"
        "開き、**l** でアプリを英語 (English) に切り替えます"
        "（設定は保存されます）。"),
    "help.season": (
        "# シーズン\n\nシーズン（`tally season new`）の夜をまたいだリーグ表です。シーズンが"
        "なければ全期間。遊んだ夜とディールの数、収支チップ、1ディールあたりの収支、最高と"
        "最低の夜、最後の夜。同じ値は同じ順位です。**p** で順位点に切り替えます：夜ごとの"
        "順位に点がつきます（10、7、5、3、1。同順位の人は、またがる順位の点を等分します）。"
        "**n** で次のシーズン。表の横には選択中のプレイヤーの夜ごとの順位、収支、ゲーム別の"
        "収支、下には上位 4 人の累計収支（または順位点）のグラフ。"),
    "help.roster": (
        "# 名簿\n\nクラブの全メンバーと、全期間のディール数と収支。**a** で追加、**e** か "
        "**F2** で選択中のメンバーの名前を変えます（過去のディールも新しい名前になります）。"),
    "help.night": (
        "# 夜\n\nこの夜の卓（ゲーム、席、ディール数、トップ）と、保存のたびに更新される"
        "この夜の順位。**n** で卓を用意し、**Enter** で開き、**s** で夜を精算し（誰が誰に"
        "払うか）、**c** で締めます。"),
    "help.new_table": (
        "# 新しい卓\n\nゲームとプリセットを選び、時計回りに席に着かせます。名前を入力して "
        "**Enter**（新しい名前は名簿に加わります）。席の一覧では **Delete** で外し、"
        "**shift+↑/↓** で動かします。最初の席が最初に配ります。**ctrl+s** で卓を開きます。"),
    "help.table": (
        "# 卓\n\nディールのログには各ディールの要約と、各プレイヤーの勝ち負けが並びます"
        "（**t** で累計に切り替え）。下に合計とグラフ。✎ は訂正したディール、↻ は前の訂正で"
        "再精算されたもの、✗ は無効です。\n\n**a** でディールを記録。**c** で選択中のディールを"
        "訂正、**v** で無効に（どちらも理由付き）。後のディールは自動で再精算されます。"
        "**u** で最後に保存したディールを取り消します。**Enter** か **h** で履歴を表示。"),
    "help.history": (
        "# ディールの履歴\n\nディールの全ての版を古い順に：記録、訂正、無効、前のディールが"
        "変わったための再精算。上書きは一切ありません。選択中の版の送金が下に表示されます。"),
    "help.deal_form": (
        "# ディール\n\nディールを入力すると、ルールが計算した送金と収支がその場で表示されます。"
        "ルールが受け付けない欄は赤く示されます。有効になれば **ctrl+s**（か **Enter**）で"
        "保存、**Esc** で離れます（何か入力していれば確認します）。"),
    "help.form.json": (
        "# JSON のディール\n\nこのゲームにはまだ専用のフォームがありません。`tally calc` の"
        "契約 JSON でディールを入力してください（calc-contract.md 参照）。送金はその場で表示"
        "されます。有効になれば **ctrl+s** で保存、**Esc** で離れます。"),
    "help.form.crazy-solo": (
        "# クレイジーソロのディール\n\nフォーカスのある欄が専用のキーを受け付けます：\n\n"
        "- **コントラクト**：**s** ソロ、**h** ハートソロ、**a** アローン、**l** ハートアローン、"
        "**p** 全員パス\n"
        "- **宣言者** と **パートナー**：席番号（**1**–**9**、席10–12 は **0**、**-**、**=**）。"
        "パートナーなしは **n**\n"
        "- **切り札**：**c** ♣、**d** ♦、**h** ♥、**s** ♠（ハートのコントラクトは自動で ♥）\n"
        "- **指名カード**：任意。専用キー **k** のあと AH や 10C のように入力。**Enter** で"
        "まだ空の最初の欄へ戻ります\n"
        "- **カード点**：入力。**g** でチームの札とギャングの札を切り替え（数えた方）\n\n"
        "選ぶたびに次の欄へ進みます。**Tab** / **shift+Tab** で自由に移動。精算はその場で"
        "表示され、有効になれば **Enter** か **ctrl+s** で保存します。"),
    "help.form.hachihachi-trick": (
        "# ハチハチのラウンド\n\n上から順に。選ぶたびに次へ進みます：\n\n"
        "- **表札**：表向きのカードを入力（QS、10h、♠Q）。切り札と 大場 Ooba ×2 または "
        "絶場 Zetsuba ×4 がすぐ表示されます\n"
        "- **宣言**：スタP から順に **i** 出る、**o** 降りる、**Backspace** で一つ戻す。"
        "3人が出ると残りは自動で 降ろされ になります。**m** でスタP の ミズテン を切り替え"
        "（選択の余地なく出る）\n"
        "- **2人が出る**：**s** 場を山分け、**p** 勝負\n"
        "- **トリック**：出た人ごとに1桁。最後の人は合計7になるよう自動で入ります\n"
        "- **手役**：**↑/↓** で人を選び、役の文字キー（下の表）で付け外し。**0**–**4** は"
        "降ろされた人のエースの数。**h** で7枚を入力すると役とエースを自動判定。"
        "**Backspace** で消す\n\n"
        "スタP は入力済みです。変えるときは **shift+Tab** で移動します。送金は理由ごとに"
        "その場で表示され、有効になれば **Enter** か **ctrl+s** で保存します。"),
    "help.form.sixty-six": (
        "# シックスティシックスのディール\n\nディールの事実か、ゲーム点だけを入力します：\n\n"
        "- **終わり方**：**c** 66宣言、**l** クローズ、**e** 全部プレイ（山札が尽きて宣言"
        "なし）、**q** 簡易入力（紙で付けたディールの、誰が何点取ったか）\n"
        "- **66を宣言** / **クローズ**：**1** か **2**\n"
        "- **カード点** と **トリック**：入力。**Enter** か **space** で相手へ、その後次の欄へ。"
        "カード点は有効なマリッジを含み、最後のトリックの10は含みません（台帳が足します）\n"
        "- クローズ：クローズした人が **66に届いた** か（**y** / **n**）と、クローズ時の相手の"
        "点とトリック\n"
        "- **最後のトリック**：取った人（**n**：不要）\n\n"
        "横の欄に、このディールの得点、ゲームの得点、ゲームが終わればステークが表示されます。"
        "3人のときは親が休み、勝者と同じ点を6点まで得ます。"),
    "help.form.sixty-six-four": (
        "# 4人ペアのディール\n\n1番と3番の席が2番と4番の席と対戦します。片方のペアのカード点を"
        "入力すると、もう片方は合計130（最後のトリックの10を含む）になるよう自動で入ります。"
        "**shift+Tab** で終わり方へ：**p** 全部プレイ、**q** 簡易入力（勝ったペア **1** / "
        "**2**、**n** 引き分け、ゲーム点 **1**–**3**）。"),
    "help.settlement": (
        "# 夜の精算\n\nこの夜の収支と、最少の送金で誰がまだ誰に払うか（**d** で直接精算："
        "卓ごとに精算）。一覧の下の「理由」に、選択中の送金の元になった各卓の収支が"
        "表示されます。\n\n**p**（か **Enter**）で支払済にします（全額か一部）。"
        "支払いが始まると計画は保持され、一部の支払いはその行だけを変え、"
        "後の修正は差分として表示されます。**R** でまだ払われていない分から再計画"
        "（表示中の方式で）。**r** で"
        "この夜の1チップの金額と通貨を設定（記録はチップのままで、金額は横に表示）。"
        "**e** でこの夜の CSV ファイル（順位、ディール、送金、精算）を出力フォルダに書きます。"),
    # ---- rules in short (help) ----------------------------------------------------------------
    "rules.crazy-solo": (
        "- 36枚 A 10 K Q J 9 8 7 6。A 11、10 10、K 4、Q 3、J 2 で120点。5、7、8、10、11人"
        "では6と7の一部を抜きます（表を参照）。\n"
        "- コントラクトは低い順にソロ、ハートソロ、アローン、ハートアローン。全員が一度ずつ"
        "ビッドかパス。全員パスなら支払いなし。\n"
        "- 宣言者が切り札を決めます（ハートのコントラクトはハート）。ソロでは宣言者がカードを"
        "指名し、その持ち主が隠れたパートナー。アローンはパートナーなし。残りがギャング。\n"
        "- プレイ：マストフォロー、なければ切り札、なければ何でも。\n"
        "- 得点：(チームの点 − 60) × 2、切り札がハートなら × 3、5に丸める。ギャング各人が"
        "宣言者かパートナーに払います（大きい方の半分は宣言者へ）。アローンは全員から。"
        "60未満なら逆向きに払います。"),
    "rules.hachihachi-trick": (
        "- 52枚、7枚ずつ。表札で切り札と倍率が決まります：10 J Q は 大場 Ooba ×2、A K は "
        "絶場 Zetsuba ×4。\n"
        "- スタP から順に 出る か 降りる を宣言。降りた人は 2、3、4 … を場に払います。"
        "3人目が出ると残りは 降ろされ になり、出た人それぞれからエースと 手役 の分を受け取り"
        "ます。\n"
        "- 出た人どうしで手役とトリックを1対1で精算。トリック最多の人が場を取り、次のスタP。"
        "ミズテン：スタP が見ずに出る。3トリック以上で全員から1ずつ。\n"
        "- 誰も出ない回は飛ばし、降り賃は返します（テーブルの設定で次の場へ持ち越し）。\n"
        "- 12回（短いゲームは6回）。"),
    "rules.sixty-six": (
        "- 24枚 9–A。A 11、10 10、K 4、Q 3、J 2。マリッジ20、切り札なら40。\n"
        "- 66を宣言してディールに勝つ：1点、負けた側が33未満なら2点、トリックなしなら3点。"
        "誤った宣言は相手に2点（相手がトリックなしなら3点）。山札が尽きたら最後のトリックが10点。\n"
        "- 先に7点取った人がゲームに勝ち、負けた人がステークを払います。"),
    "rules.schnapsen": (
        "- 20枚 10–A。ゲーム点は66と同じ1、2、3。山札が尽きたら最後のトリックを取った人が"
        "同じ点数表でハンドに勝ちます（テーブルの設定で一律1点）。\n"
        "- 両者7から数え下げ、先に0になった人の勝ち。負けた人はブンメル1つ（7のままなら2つ）。"),
    "rules.sixty-six-three": (
        "- 3人：親は休み、ディールの勝者と同じ点を得ますが6点までです。\n"
        "- 先に7点で勝ち抜け。最後の人が他の2人それぞれに払います。"),
    "rules.sixty-six-four": (
        "- 2組のペア、24枚 9–A で6枚ずつ（テーブルの設定でHoyleの32枚 7–A、8枚ずつ）、"
        "マリッジなし。最後のトリックは10点。\n"
        "- 66–99で1点、100–129で2点、130全部で3点。先に7点のペアの勝ち。"),
    # ---- welcome ------------------------------------------------------------------------------
    "welcome.title": "Tally",
    "welcome.body": (
        "カードゲームのクラブの夜の得点と精算：クレイジーソロ、ハチハチ、シックスティシックス。"
        "全てのディールを履歴とともに残し、誰が誰に払うかは入力に合わせてルールが計算します。"
        "\n\nまだ夜の記録がありません。どうしますか？"),
    "welcome.start_night": "クラブの夜を始める",
    "welcome.open_demo": "デモの夜を開く（専用データベースで見て回る）",
}
