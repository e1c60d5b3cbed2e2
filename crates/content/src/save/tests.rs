use super::*;
use crate::replay::ReplayActions;

fn save(name: &str, actions: usize, over: bool) -> Save {
    Save {
        version: SAVE_VERSION,
        name: name.into(),
        seats: vec!["person".into(), "normal".into()],
        gm: "normal".into(),
        table_dice: false,
        round: 2,
        over,
        replay: Replay::new("duel".into(), ReplayDice::Seed(7), passes(actions)),
    }
}

/// `n` passes of a Zones battle, as a replay file writes them (read through the registry's
/// replay actions, not the ruleset's own types).
fn passes(n: usize) -> ReplayActions {
    ron::from_str(&format!("Zones([{}])", vec!["Pass"; n].join(", "))).expect("Zones passes")
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fray-saves-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

use std::path::PathBuf;

#[test]
fn a_save_reads_back_as_it_was_written() {
    let mut s = save("Duel", 3, false);
    s.replay.options = vec![("fast_slow".into(), true)];
    s.table_dice = true;
    s.replay.dice = ReplayDice::Scripted(vec![4, 20, 1]);
    let text = s.to_text().unwrap();
    assert_eq!(Save::from_text(&text).unwrap(), s);
}

#[test]
fn a_save_from_a_newer_fray_is_refused_as_such_and_a_broken_one_is_damaged() {
    let text = save("Duel", 1, false).to_text().unwrap();
    let newer = text.replacen(
        &format!("version: {SAVE_VERSION}"),
        &format!("version: {}", SAVE_VERSION + 1),
        1,
    );
    let e = Save::from_text(&newer).unwrap_err();
    assert_eq!(
        e,
        SaveError::Newer {
            version: SAVE_VERSION + 1,
            reads: SAVE_VERSION
        }
    );
    assert!(e.to_string().contains("newer Fray"), "{e}");
    // Cut short, a field misspelt: damaged, and the reason names what is wrong.
    let cut = &text[..text.len() / 2];
    assert!(matches!(Save::from_text(cut), Err(SaveError::Damaged(_))));
    let misspelt = text.replacen("table_dice", "table_dise", 1);
    match Save::from_text(&misspelt) {
        Err(e @ SaveError::Damaged(_)) => {
            let why = e.to_string();
            assert!(why.contains("table_dise"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_save_killed_between_write_and_rename_leaves_the_last_one_whole() {
    let dir = temp_dir("killed");
    let store = DirStore::new(&dir);
    let saves = Saves::new(store.clone());
    let before = save("Duel", 4, false);
    saves.write("battle-1", &before).unwrap();
    let after = save("Duel", 5, false).to_text().unwrap();
    let e = store
        .write_with("battle-1", &after, || {
            Err(std::io::Error::other("the power went out"))
        })
        .unwrap_err();
    assert!(
        e.contains("the power went out") && e.contains("battle-1.ron"),
        "{e}"
    );
    assert_eq!(saves.read("battle-1").unwrap(), before);
    // Nothing half-written is left to be mistaken for a save.
    assert_eq!(store.names(), vec!["battle-1".to_string()]);
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1);
    // The next write goes through.
    store.write("battle-1", &after).unwrap();
    assert_eq!(saves.read("battle-1").unwrap().taken(), 5);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_save_is_set_aside_kept_and_never_written_over() {
    let dir = temp_dir("damaged");
    let saves = Saves::new(DirStore::new(&dir));
    saves.write("battle-1", &save("Duel", 1, false)).unwrap();
    std::fs::write(dir.join("battle-2.ron"), "(version: 1, name: \"cut sh").unwrap();
    let (listed, aside) = saves.list();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].slot, "battle-1");
    assert_eq!(aside.len(), 1);
    let said = |l: &crate::rules::Line| fray_words::english().said(l);
    let english = said(&aside[0]);
    assert!(
        english.starts_with("a damaged save was set aside as ")
            && english.contains("battle-2.damaged.ron"),
        "{english}"
    );
    // In the player's language, the file's place and the reader's words kept as they are.
    let pseudo = fray_words::of(fray_words::Lang::Pseudo).said(&aside[0]);
    assert!(
        pseudo.contains("battle-2.damaged.ron") && !pseudo.contains("set aside"),
        "{pseudo}"
    );
    // Its text is kept as it was, and no new battle takes its number.
    assert_eq!(
        std::fs::read_to_string(dir.join("battle-2.damaged.ron")).unwrap(),
        "(version: 1, name: \"cut sh"
    );
    assert_eq!(saves.new_slot(), "battle-3");
    // A second damaged save of the same number is set aside beside the first.
    std::fs::write(dir.join("battle-2.ron"), "nonsense").unwrap();
    let (_, aside) = saves.list();
    assert!(
        said(&aside[0]).contains("battle-2.damaged-2.ron"),
        "{aside:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saves_list_newest_first_continue_takes_the_newest_unfinished_and_delete_removes() {
    let saves = Saves::new(MemoryStore::default());
    assert_eq!(saves.latest(), None);
    assert_eq!(saves.new_slot(), "battle-1");
    for (slot, n, over) in [
        ("battle-2", 2, false),
        ("battle-10", 10, true),
        ("battle-9", 9, false),
    ] {
        saves.write(slot, &save("Duel", n, over)).unwrap();
    }
    // Not a slot: never listed, never counted.
    saves.store.write("notes", "x").unwrap();
    let order: Vec<String> = saves.list().0.into_iter().map(|l| l.slot).collect();
    assert_eq!(order, ["battle-10", "battle-9", "battle-2"]);
    let (slot, latest) = saves.latest().unwrap();
    assert_eq!((slot.as_str(), latest.taken()), ("battle-9", 9));
    assert_eq!(saves.new_slot(), "battle-11");
    saves.delete("battle-9").unwrap();
    assert_eq!(saves.latest().unwrap().0, "battle-2");
    assert_eq!(saves.read("battle-9"), Err(SaveError::Missing));
    assert!(saves.delete("battle-9").is_err());
}

#[test]
fn a_save_from_a_newer_fray_stays_listed_with_why_and_is_not_set_aside() {
    let saves = Saves::new(MemoryStore::default());
    let text = save("Duel", 1, false)
        .to_text()
        .unwrap()
        .replacen("version: 1", "version: 99", 1);
    saves.store.write("battle-1", &text).unwrap();
    let (listed, aside) = saves.list();
    assert!(aside.is_empty());
    assert!(matches!(
        listed[0].save,
        Err(SaveError::Newer { version: 99, .. })
    ));
    assert_eq!(saves.latest(), None);
    assert_eq!(
        saves.store.read("battle-1").unwrap().as_deref(),
        Some(text.as_str())
    );
}
