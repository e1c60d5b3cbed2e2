//! The dev tools, behind the `dev` feature, which the shipped browser build leaves out: the
//! autopilot that plays the window for a test or a screenshot (`--frames`, `--screenshot`,
//! `--shot-on-*`, `--take`). It sits above every other feature and nothing reaches it but the
//! app's wiring.

mod autopilot;

pub use autopilot::Pilot;
pub(super) use autopilot::fly;
