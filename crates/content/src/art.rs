//! The art's index, and which picture stands for what: the atlas icon a character, a piece of
//! gear or a feature of the ground is drawn with. It needs no Bevy, so that a scenario naming
//! an icon is checked (`fray check`) against the same list the game draws from.

use std::sync::OnceLock;

use serde::Deserialize;

/// The index scripts/art.sh writes beside the atlas.
const INDEX: &str = include_str!("../../../assets/art/icons.ron");

/// The atlas: square cells in rows of `columns`, one icon each, white on transparent, in
/// the order of `keys`; `sources` names each one's game-icons.net icon.
#[derive(Debug, Default)]
pub struct Atlas {
    pub cell: u32,
    pub columns: u32,
    pub keys: Vec<String>,
    pub sources: Vec<String>,
}

#[derive(Deserialize)]
struct IndexFile {
    cell: u32,
    columns: u32,
    icons: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    key: String,
    source: String,
}

impl Atlas {
    /// The committed atlas's index (tests/art.rs checks it parses and matches the image).
    pub fn get() -> &'static Atlas {
        static ATLAS: OnceLock<Atlas> = OnceLock::new();
        // tests/art.rs checks the committed index parses; were it broken, no icon is drawn.
        ATLAS.get_or_init(|| Atlas::parse(INDEX).unwrap_or_default())
    }

    /// An index as scripts/art.sh writes it.
    pub fn parse(text: &str) -> Result<Atlas, ron::error::SpannedError> {
        let file: IndexFile = ron::from_str(text)?;
        Ok(Atlas {
            cell: file.cell,
            columns: file.columns,
            keys: file.icons.iter().map(|e| e.key.clone()).collect(),
            sources: file.icons.into_iter().map(|e| e.source).collect(),
        })
    }

    pub fn index(&self, key: &str) -> Option<usize> {
        self.keys.iter().position(|k| k == key)
    }

    /// How many rows of cells the atlas image has.
    pub fn rows(&self) -> u32 {
        (self.keys.len() as u32).div_ceil(self.columns)
    }

    /// The cell of icon `i`: column and row.
    pub fn cell_of(&self, i: usize) -> (u32, u32) {
        (i as u32 % self.columns, i as u32 / self.columns)
    }

    /// The portraits a scenario may name for a character.
    pub fn portraits(&self) -> impl Iterator<Item = &str> {
        self.keys
            .iter()
            .map(String::as_str)
            .filter(|k| k.starts_with("portrait."))
    }
}

/// Whether `key` names a portrait of the atlas: what a scenario's `icon:` may say.
pub fn is_portrait(key: &str) -> bool {
    key.starts_with("portrait.") && Atlas::get().index(key).is_some()
}

/// Words in a name, lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The first key one of whose words ends one of `words` ("longsword" is a sword, "Hounds"
/// are hounds).
fn first_match(words: &[String], table: &[(&[&str], &'static str)]) -> Option<&'static str> {
    let says = |w: &str, n: &str| {
        let w = w.strip_suffix("es").filter(|s| s.ends_with(n)).unwrap_or(w);
        let w = w.strip_suffix('s').filter(|s| s.ends_with(n)).unwrap_or(w);
        w == n || (n.len() >= 3 && w.ends_with(n))
    };
    table.iter().find_map(|(names, key)| {
        words
            .iter()
            .any(|w| names.iter().any(|n| says(w, n)))
            .then_some(*key)
    })
}

/// Kinds of people a faction's or a character's name may say.
const KINDS: &[(&[&str], &str)] = &[
    (&["goblin", "gob"], "portrait.goblin"),
    (&["orc", "uruk"], "portrait.orc"),
    (&["troll", "ogre", "brute", "giant"], "portrait.brute"),
    (
        &[
            "bandit", "raider", "brigand", "outlaw", "thief", "thieve", "hound",
        ],
        "portrait.bandit",
    ),
    (
        &["wizard", "mage", "sorcerer", "magus", "magi", "apprentice"],
        "portrait.wizard",
    ),
    (&["witch", "hag"], "portrait.witch"),
    (&["cultist", "cult", "acolyte"], "portrait.cultist"),
    (&["monk", "priest", "friar"], "portrait.monk"),
    (&["elf", "elve"], "portrait.elf"),
    (&["dwarf", "dwarve"], "portrait.dwarf"),
    (&["knight", "paladin", "captain", "lord"], "portrait.knight"),
    (
        &["guard", "watch", "warden", "sentry", "miller"],
        "portrait.guard",
    ),
    (
        &["archer", "bowman", "hunter", "ranger", "scout"],
        "portrait.archer",
    ),
    (&["rogue", "assassin", "spy"], "portrait.rogue"),
    (
        &["soldier", "legion", "shield", "wall", "spearman"],
        "portrait.soldier",
    ),
    (&["pikeman", "pike"], "portrait.pikeman"),
];

/// Weapons by the words of an item's name.
const WEAPONS: &[(&[&str], &str)] = &[
    (&["crossbow"], "weapon.crossbow"),
    (&["longbow", "shortbow", "bow"], "weapon.bow"),
    (&["sling"], "weapon.sling"),
    (&["javelin", "dart"], "weapon.javelin"),
    (
        &["greatsword", "zweihander", "claymore"],
        "weapon.greatsword",
    ),
    (
        &[
            "sword", "sabre", "saber", "blade", "rapier", "scimitar", "falchion",
        ],
        "weapon.sword",
    ),
    (
        &["spear", "pike", "halberd", "lance", "glaive", "polearm"],
        "weapon.spear",
    ),
    (&["dagger", "dirk", "stiletto"], "weapon.dagger"),
    (&["knife", "shiv"], "weapon.knife"),
    (&["axe", "hatchet", "cleaver"], "weapon.axe"),
    (&["mace", "morningstar", "flail"], "weapon.mace"),
    (&["hammer", "maul"], "weapon.hammer"),
    (&["club", "cudgel", "stick"], "weapon.club"),
    (&["staff", "quarterstaff", "wand"], "weapon.staff"),
];

/// Gear that is not a weapon, by the words of its name.
const GEAR: &[(&[&str], &str)] = &[
    (&["tower", "pavise"], "gear.tower-shield"),
    (&["shield", "buckler"], "gear.shield"),
    (&["plate", "breastplate"], "gear.plate"),
    (&["mail", "chain", "scale", "hauberk"], "gear.mail"),
    (
        &["leather", "gambeson", "padded", "hide", "armour", "armor"],
        "gear.leather",
    ),
    (
        &["potion", "draught", "elixir", "salve", "bandage"],
        "gear.potion",
    ),
];

/// Features of the ground, by the words that name them.
const TERRAIN: &[(&[&str], &str)] = &[
    (&["barrier", "wall", "palisade", "fence"], "terrain.barrier"),
    (
        &["cover", "rubble", "crate", "cart", "rock", "boulder"],
        "terrain.cover",
    ),
    (
        &[
            "concealment",
            "grass",
            "brush",
            "bush",
            "hedge",
            "shadow",
            "darkness",
            "dark",
            "smoke",
            "fog",
            "rough",
        ],
        "terrain.concealment",
    ),
    (&["forest", "wood", "tree", "orchard"], "terrain.forest"),
    (
        &[
            "water", "river", "stream", "pond", "ford", "millrace", "mud", "marsh",
        ],
        "terrain.water",
    ),
    (&["fire", "flame", "burning", "lava"], "terrain.fire"),
    (&["hazard", "trap", "pit", "spike"], "terrain.hazard"),
    (&["door", "doorway"], "terrain.door"),
    (&["gate"], "terrain.gate"),
    (&["bridge"], "terrain.bridge"),
    (&["stair", "stairs", "ladder"], "terrain.stairs"),
    (
        &["objective", "flag", "goal", "exit", "hold"],
        "terrain.objective",
    ),
    (&["alarm", "bell", "gong"], "terrain.alarm"),
    (
        &["house", "hut", "mill", "inn", "barn", "floor", "hall"],
        "terrain.house",
    ),
    (&["ruin", "ruins", "tower"], "terrain.ruins"),
];

/// The icon of a weapon's name, if the name says what it is.
pub fn weapon(item: &str) -> Option<&'static str> {
    first_match(&words(item), WEAPONS)
}

/// The icon of a piece of gear, weapon or not.
pub fn gear(item: &str) -> Option<&'static str> {
    let w = words(item);
    first_match(&w, WEAPONS).or_else(|| first_match(&w, GEAR))
}

/// The icon of a feature of the ground: cover, a barrier, water, a door.
pub fn terrain(feature: &str) -> Option<&'static str> {
    first_match(&words(feature), TERRAIN)
}

/// A character's portrait: the one its scenario names, else the kind of person its name or
/// its side's name says (goblins, bandits, a knight), else what it fights with (a bow makes an
/// archer, a staff a wizard), else a hooded figure.
pub fn portrait(named: Option<&str>, name: &str, side: &str, gear: &[&str]) -> &'static str {
    if let Some(key) = named
        && let Some(i) = Atlas::get().index(key)
        && key.starts_with("portrait.")
    {
        return Atlas::get().keys[i].as_str();
    }
    if let Some(k) = first_match(&words(name), KINDS).or_else(|| first_match(&words(side), KINDS)) {
        return k;
    }
    let weapons: Vec<&str> = gear.iter().filter_map(|g| weapon(g)).collect();
    let by_weapon = |w: &str| -> Option<&'static str> {
        Some(match w {
            "weapon.bow" | "weapon.crossbow" | "weapon.sling" | "weapon.javelin" => {
                "portrait.archer"
            }
            "weapon.staff" => "portrait.wizard",
            "weapon.spear" => "portrait.pikeman",
            "weapon.dagger" | "weapon.knife" => "portrait.rogue",
            "weapon.greatsword" | "weapon.hammer" => "portrait.knight",
            "weapon.sword" | "weapon.axe" | "weapon.mace" | "weapon.club" => "portrait.fighter",
            _ => return None,
        })
    };
    weapons
        .iter()
        .find_map(|w| by_weapon(w))
        .unwrap_or("portrait.person")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_gear_choose_a_portrait_that_is_in_the_atlas() {
        let a = Atlas::get();
        assert!(a.keys.len() > 60, "the index parses");
        for (name, side, gear, want) in [
            ("Snikt", "Goblins", vec!["short sword"], "portrait.goblin"),
            (
                "Ilse",
                "Black Hounds",
                vec!["Staff sling"],
                "portrait.bandit",
            ),
            (
                "Clementine",
                "Travellers",
                vec!["longbow"],
                "portrait.archer",
            ),
            (
                "Roland",
                "Travellers",
                vec!["longsword", "shield"],
                "portrait.fighter",
            ),
            ("Maelis", "The Wizards", vec![], "portrait.wizard"),
            (
                "Agnessa",
                "Travellers",
                vec!["quarterstaff"],
                "portrait.wizard",
            ),
            ("Pim", "Travellers", vec![], "portrait.person"),
        ] {
            let got = portrait(None, name, side, &gear);
            assert_eq!(got, want, "{name} of {side} with {gear:?}");
            assert!(a.index(got).is_some(), "{got} is drawn");
        }
        assert_eq!(
            portrait(Some("portrait.elf"), "Snikt", "Goblins", &[]),
            "portrait.elf"
        );
        // A key that is not a portrait is not taken for one.
        assert_eq!(
            portrait(Some("weapon.bow"), "Snikt", "Goblins", &[]),
            "portrait.goblin"
        );
        assert!(is_portrait("portrait.dwarf") && !is_portrait("portrait.dragon"));
    }

    #[test]
    fn gear_and_ground_are_drawn_by_what_their_names_say() {
        assert_eq!(weapon("Short sword"), Some("weapon.sword"));
        assert_eq!(weapon("Hand crossbow"), Some("weapon.crossbow"));
        assert_eq!(weapon("Potion of healing"), None);
        assert_eq!(gear("Tower shield"), Some("gear.tower-shield"));
        assert_eq!(gear("Chain mail"), Some("gear.mail"));
        assert_eq!(terrain("hazard: Millrace d6"), Some("terrain.water"));
        assert_eq!(terrain("rough"), Some("terrain.concealment"));
        assert_eq!(terrain("cover"), Some("terrain.cover"));
        assert_eq!(terrain("wall"), Some("terrain.barrier"));
        assert_eq!(terrain(""), None);
        for key in [WEAPONS, GEAR, TERRAIN, KINDS]
            .iter()
            .flat_map(|t| t.iter().map(|e| e.1))
        {
            assert!(Atlas::get().index(key).is_some(), "{key} is in the atlas");
        }
    }
}
