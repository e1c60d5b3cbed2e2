//! Between battles (the rules notes' campaign readings): what a battle leaves on a character
//! is carried, healed by a rest as the notes say, and cast into the next battle's start.

use fray::campaign::{Company, Sheet};
use fray::rules::coterie::Coterie;
use fray::rules::dice::SeededDice;
use fray::rules::teams::Teams;
use fray::rules::zones::Zones;
use fray::session::{Session, Typed};

use crate::covers;

/// A battle of `scenario` just started, as a session whose state a case then hurts.
fn started(scenario: &str) -> (fray::scenario::Loaded, Box<dyn Session>) {
    let loaded = fray::catalogue::load(scenario).unwrap();
    let mut dice = SeededDice::new(1);
    let (s, _) = fray::session::start(&loaded.setup, &mut dice, None).unwrap();
    (loaded, s)
}

/// The session of `state`, as a battle's end leaves it.
fn session_of<G: fray::rulesets::Game>(state: G::State) -> Typed<G> {
    Typed::<G>::new(state, None)
}

#[test]
fn zones_half_the_health_lost_comes_back_the_dead_are_gone_and_gear_lasts() {
    covers(&["zones.campaign"]);
    let (loaded, s) = started("the-bog-road");
    let mut company = Company::first(&loaded.scenario, "Wardens").unwrap();
    let mut state = s
        .as_any()
        .downcast_ref::<Typed<Zones>>()
        .unwrap()
        .state()
        .clone();
    use fray::rules::zones::model::{Location, Status};
    let id = |n: &str| state.characters.iter().position(|c| c.name == n).unwrap();
    // Bertil (10 health) loses 7 and his mail is damaged; Osric drinks his draught and lives;
    // Aldo dies.
    let (bertil, osric, aldo) = (id("Bertil"), id("Osric"), id("Aldo"));
    state.characters[bertil].health = 3;
    state.characters[bertil].armour.as_mut().unwrap().damaged = true;
    let draught = state
        .items
        .iter()
        .position(|it| it.name == "Healing draught" && it.location == Location::Pack(osric))
        .unwrap();
    state.items[draught].used = true;
    state.characters[aldo].status = Status::Dead;
    let end = session_of::<Zones>(state);
    company.after(&end, &loaded.scenario, "Wardens");
    company.rest(0);
    let m = |n: &str| company.members.iter().find(|m| m.name() == n).unwrap();
    // 7 lost, half of it (rounded up, 4) back: 3 still lost.
    assert_eq!(m("Bertil").lasting().health, Some((3, 10)));
    assert!(
        m("Bertil")
            .lasting()
            .gear
            .contains(&("Mail".to_string(), true))
    );
    assert!(
        !m("Osric")
            .lasting()
            .gear
            .iter()
            .any(|(g, _)| g == "Healing draught"),
        "a draught drunk is gone"
    );
    assert!(m("Aldo").fallen, "the dead are gone for good");
    // The next battle starts with Bertil at 7 of 10, his mail damaged, and no Aldo.
    let mut next = fray::catalogue::load("standing-stones").unwrap().scenario;
    company.cast(&mut next, "Wardens");
    let cast = fray::scenario::load_written("standing-stones", "cast", &next).unwrap();
    let fray::scenario::Setup::Zones(z) = cast.setup else {
        panic!("Zones")
    };
    let b = z
        .state
        .characters
        .iter()
        .find(|c| c.name == "Bertil")
        .unwrap();
    assert_eq!((b.health, b.max_health), (7, 10));
    assert!(b.armour.as_ref().is_some_and(|a| a.damaged));
    assert!(!z.state.characters.iter().any(|c| c.name == "Aldo"));
}

#[test]
fn teams_health_comes_back_by_constitution_and_death_stays_harder_to_cheat() {
    covers(&["teams.campaign", "teams.death"]);
    let (loaded, s) = started("goblin-ambush");
    let mut company = Company::first(&loaded.scenario, "Travellers").unwrap();
    let mut state = s
        .as_any()
        .downcast_ref::<Typed<Teams>>()
        .unwrap()
        .state()
        .clone();
    let id = |n: &str| state.characters.iter().position(|c| c.name == n).unwrap();
    let (roland, fabian) = (id("Roland"), id("Fabian"));
    let most = state.characters[roland].stats.health;
    let constitution = state.characters[roland].stats.constitution;
    // Roland loses 9 health, cheated death once (10 → 15), his shield worn by 3.
    state.characters[roland].health = most - 9;
    state.characters[roland].death_difficulty = 15;
    state.characters[roland].endurance = 0;
    let shield = state
        .items
        .iter()
        .position(|it| it.def.0.name == "shield")
        .unwrap();
    state.items[shield].durability -= 3;
    state.characters[fabian].status = fray::rules::teams::Status::Dead;
    state.restand(fabian);
    let end = session_of::<Teams>(state);
    company.after(&end, &loaded.scenario, "Travellers");
    company.rest(0);
    let m = |n: &str| company.members.iter().find(|m| m.name() == n).unwrap();
    let lost = 9u8.saturating_sub(constitution.max(1));
    assert_eq!(m("Roland").lasting().health, Some((lost, most)));
    assert_eq!(m("Roland").lasting().death_difficulty, Some(15));
    assert!(
        m("Roland")
            .lasting()
            .gear
            .contains(&("shield".to_string(), true))
    );
    assert!(m("Fabian").fallen);
    // Cast into the warren: health, endurance whole, death's difficulty and the wear kept.
    let mut next = fray::catalogue::load("goblin-warren").unwrap().scenario;
    company.cast(&mut next, "Travellers");
    let cast = fray::scenario::load_written("goblin-warren", "cast", &next).unwrap();
    let fray::scenario::Setup::Teams(t) = cast.setup else {
        panic!("Three actions")
    };
    let state = t.state().unwrap();
    let r = state
        .characters
        .iter()
        .position(|c| c.name == "Roland")
        .unwrap();
    let c = &state.characters[r];
    assert_eq!(c.health, most - lost);
    assert_eq!(c.endurance, c.stats.endurance, "endurance is whole again");
    assert_eq!(c.death_difficulty, 15);
    let worn = state
        .items
        .iter()
        .find(|it| {
            it.def.0.name == "shield" && it.location() == fray::rules::teams::Location::Hand(r)
        })
        .unwrap();
    assert_eq!(worn.durability, worn.def.0.max_durability() - 3);
    assert!(!state.characters.iter().any(|c| c.name == "Fabian"));
}

#[test]
fn coterie_a_rest_heals_a_wound_and_two_fatigue_and_halves_trait_injuries() {
    covers(&["coterie.campaign", "coterie.wounds", "coterie.fatigue"]);
    let (loaded, s) = started("riders-at-the-ford");
    let mut company = Company::first(&loaded.scenario, "The Riders").unwrap();
    let mut state = s
        .as_any()
        .downcast_ref::<Typed<Coterie>>()
        .unwrap()
        .state()
        .clone();
    let tam = state
        .characters
        .iter()
        .position(|c| c.name == "Tam")
        .unwrap();
    state.characters[tam].wounds = 3;
    state.characters[tam].fatigue = 5;
    let party = state
        .groups
        .iter()
        .position(|g| g.name == "The Riders")
        .unwrap();
    let t = state.groups[party].traits.keys().next().cloned().unwrap();
    state.groups[party].trait_injuries.insert(t.clone(), 9);
    let end = session_of::<Coterie>(state);
    company.after(&end, &loaded.scenario, "The Riders");
    company.rest(0);
    let k = company.members.iter().find(|m| m.name() == "Tam").unwrap();
    assert_eq!((k.lasting().wounds, k.lasting().fatigue), (2, 3));
    assert_eq!(
        company.trait_injuries.get(&t),
        Some(&4),
        "9 halved, rounded down"
    );
    assert!(matches!(k.sheet, Sheet::Coterie { .. }));
    // Cast into the next conflict: the wounds, the fatigue and the group's injury at the start.
    let mut next = fray::catalogue::load("riders-at-the-ford")
        .unwrap()
        .scenario;
    company.cast(&mut next, "The Riders");
    let cast = fray::scenario::load_written("riders-at-the-ford", "cast", &next).unwrap();
    let fray::scenario::Setup::Coterie(c) = cast.setup else {
        panic!("Coterie")
    };
    let k = c.state.characters.iter().find(|c| c.name == "Tam").unwrap();
    assert_eq!((k.wounds, k.fatigue), (2, 3));
    let g = c
        .state
        .groups
        .iter()
        .find(|g| g.name == "The Riders")
        .unwrap();
    assert_eq!(g.trait_injuries.get(&t), Some(&4));
}
