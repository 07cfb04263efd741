"""Editorial work on the corpus (編集): what a ruling change affects (:mod:`.impact`) and
rulings that cannot both hold on one day (:mod:`.conflicts`), and landing an approved
ruling in the corpus and the index (:mod:`.landing`).  The engine only replays
what it is handed; reading the corpus to choose what to replay is done here."""
