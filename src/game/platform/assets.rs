//! Where the assets are read from.

/// Where the sounds are read from. `cargo run` and a binary with `assets/` beside it find them
/// as Bevy does; a binary run from its build folder (as CI and the screenshots run it) reads
/// them from the source tree it was built from.
pub fn asset_folder() -> String {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let found_by_bevy = std::env::var_os("CARGO_MANIFEST_DIR").is_some()
            || std::env::var_os("BEVY_ASSET_ROOT").is_some()
            || std::env::current_exe()
                .ok()
                .and_then(|p| Some(p.parent()?.join("assets")))
                .is_some_and(|d| d.is_dir());
        let built = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
        if !found_by_bevy && std::path::Path::new(built).is_dir() {
            return built.into();
        }
    }
    "assets".into()
}
