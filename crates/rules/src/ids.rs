//! How a battle names its sides and characters: by their place in the state's lists.

pub type FactionId = usize;
pub type CharacterId = usize;
