//! The art: the committed atlas and its index agree with each other and with the list that
//! makes them (so a change to the list without running scripts/art.sh is caught), stay within
//! their budget, and are credited.

mod support;

use fray::art::Atlas;

fn read(path: &str) -> String {
    std::fs::read_to_string(support::root().join(path)).unwrap()
}

#[test]
fn the_atlas_its_index_and_the_list_agree() {
    let index = Atlas::parse(&read("assets/art/icons.ron")).unwrap();
    let listed: Vec<(String, String)> = read("tools/art/icons.txt")
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let mut w = l.split_whitespace();
            (w.next().unwrap().to_string(), w.next().unwrap().to_string())
        })
        .collect();
    let indexed: Vec<(String, String)> = index
        .keys
        .iter()
        .cloned()
        .zip(index.sources.iter().cloned())
        .collect();
    assert_eq!(
        indexed, listed,
        "run scripts/art.sh after changing tools/art/icons.txt"
    );
    let mut keys: Vec<&str> = index.keys.iter().map(String::as_str).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), index.keys.len(), "a key is listed twice");
    // The PNG's own header gives its size: one cell per icon, a row of `columns` at a time.
    let png = std::fs::read(support::root().join("assets/art/icons.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    let (w, h) = (be(16), be(20));
    let rows = index.rows();
    assert_eq!((w, h), (index.columns * index.cell, rows * index.cell));
    // Every kind of art the board asks for is there.
    for kind in ["portrait.", "weapon.", "gear.", "condition.", "terrain."] {
        assert!(keys.iter().any(|k| k.starts_with(kind)), "no {kind} art");
    }
}

#[test]
fn the_art_stays_within_its_budget_and_is_credited() {
    let total: u64 = std::fs::read_dir(support::root().join("assets/art"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    assert!(total <= 1_500_000, "the art is {total} bytes, over 1.5 MB");
    let readme = read("README.md");
    for credit in [fray::credits::ART, &readme] {
        assert!(credit.contains("game-icons.net"), "{credit}");
        assert!(credit.contains("CC BY 3.0"), "{credit}");
    }
}
