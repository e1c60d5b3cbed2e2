//! What the test crates share: where the checkout is.

use std::path::PathBuf;

/// The checkout the tests run in. Read when the test runs (cargo sets it for the test's
/// process), not baked in when it is built: a build cache shared by checkouts at other paths
/// may hand this checkout a test binary built in another, and a baked-in path would send it
/// reading that other checkout's files, or none.
pub fn root() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}
