//! The replay cases in `tests/replays/`: every file there is re-run as `fray check --strict`
//! would, and must replay to the end it was sealed with. A rules question settled with a
//! replay (the situation, the dice, the actions) goes in that folder as a file named
//! `question-*.ron`, its scenario in `situations/`.

mod support;

#[test]
fn every_replay_case_replays_as_sealed() {
    let dir = support::root().join("tests/replays");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron" || x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    let mut rulesets = std::collections::BTreeSet::new();
    for path in files {
        let name = path.display().to_string();
        let (r, src) = fray::replay::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(fray::replay::is_replay(&src), "{name}");
        assert!(
            r.final_hash.is_some() && r.length.is_some() && !r.checkpoints.is_empty(),
            "{name}: a case is sealed (recorded with `fray record`)"
        );
        let run = fray::replay::run(&r, &name, &src).unwrap_or_else(|e| panic!("{e}"));
        assert!(run.dice_left.is_empty(), "{name}: scripted dice left over");
        // A recorded battle plays to its end; a rules question stops once it is answered.
        let question = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("question-"));
        assert!(run.outcome.is_some() || question, "{name}: the battle ends");
        rulesets.insert(r.actions.ruleset());
    }
    assert_eq!(rulesets.len(), 3, "a case for each ruleset: {rulesets:?}");
}
