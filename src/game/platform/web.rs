//! The browser's side of the shell: settings from the page's address, saves in local storage,
//! and lines the page (and its tests) can read.

/// `?scenario=duel&seats=ai,ai&seed=7&fast=1` on the page's address, as name/value pairs.
pub fn query() -> Vec<(String, String)> {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        return search
            .trim_start_matches('?')
            .split('&')
            .filter_map(|kv| {
                let mut it = kv.splitn(2, '=');
                Some((it.next()?.to_string(), it.next().unwrap_or("").to_string()))
            })
            .collect();
    }
    #[allow(unreachable_code)]
    Vec::new()
}

/// Tells the page (an element with id `status`, and the console) or the terminal something.
pub fn announce(line: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(doc) = web_sys::window().and_then(|w| w.document())
            && let Some(el) = doc.get_element_by_id("status")
        {
            el.set_text_content(Some(line));
        }
        // Straight to the console: the browser build compiles info-level logging out.
        web_sys::console::log_1(&line.into());
        return;
    }
    #[allow(unreachable_code)]
    {
        bevy::log::info!("{line}");
    }
}

/// A step of the start-up, with the milliseconds since the page began to load: the browser
/// test prints them, which shows where the wait before the first battle frame goes. Nothing
/// on the desktop, whose start is timed from outside.
pub fn mark(step: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        let ms = web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0, |p| p.now() as u64);
        web_sys::console::log_1(&format!("FRAY MARK {ms} ms {step}").into());
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = step;
}

/// Saves text under a key: local storage in the browser; None elsewhere (the desktop writes files).
pub fn store(key: &str, text: &str) -> Option<Result<(), String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
        return Some(match storage {
            Some(s) => s
                .set_item(key, text)
                .map_err(|_| "the browser refused to store it".to_string()),
            None => Err("this browser has no local storage".into()),
        });
    }
    #[allow(unreachable_code)]
    {
        let _ = (key, text);
        None
    }
}

/// The text stored under a key in local storage; None elsewhere, or when nothing is stored.
pub fn fetch(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        return web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .and_then(|s| s.get_item(key).ok().flatten());
    }
    #[allow(unreachable_code)]
    {
        let _ = key;
        None
    }
}

/// The browser's saves: local storage, each under `fray-save-NAME`. None off the browser.
pub fn save_store() -> Option<Box<dyn crate::save::Store>> {
    #[cfg(target_arch = "wasm32")]
    {
        return Some(Box::new(WebStore));
    }
    #[allow(unreachable_code)]
    None
}

/// Local storage as a store of saves. A `set_item` replaces the text whole, so every write is
/// atomic as the store promises.
#[cfg(target_arch = "wasm32")]
struct WebStore;

#[cfg(target_arch = "wasm32")]
const SAVE_KEY: &str = "fray-save-";

#[cfg(target_arch = "wasm32")]
fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "this browser has no local storage".to_string())
}

#[cfg(target_arch = "wasm32")]
impl crate::save::Store for WebStore {
    fn names(&self) -> Vec<String> {
        let Ok(s) = storage() else {
            return Vec::new();
        };
        let n = s.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter_map(|k| k.strip_prefix(SAVE_KEY).map(String::from))
            .collect()
    }

    fn read(&self, name: &str) -> std::io::Result<Option<String>> {
        let s = storage().map_err(std::io::Error::other)?;
        s.get_item(&format!("{SAVE_KEY}{name}"))
            .map_err(|_| std::io::Error::other("the browser refused to read it"))
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        storage()?
            .set_item(&format!("{SAVE_KEY}{name}"), text)
            .map_err(|_| "the browser refused to store it (is its storage full?)".to_string())
    }

    fn remove(&self, name: &str) -> Result<(), String> {
        storage()?
            .remove_item(&format!("{SAVE_KEY}{name}"))
            .map_err(|_| "the browser refused to remove it".to_string())
    }

    fn set_aside(&self, name: &str) -> Result<String, String> {
        let s = storage()?;
        let text = s
            .get_item(&format!("{SAVE_KEY}{name}"))
            .ok()
            .flatten()
            .unwrap_or_default();
        let mut to = format!("{name}.damaged");
        let mut n = 2;
        while s
            .get_item(&format!("{SAVE_KEY}{to}"))
            .ok()
            .flatten()
            .is_some()
        {
            to = format!("{name}.damaged-{n}");
            n += 1;
        }
        s.set_item(&format!("{SAVE_KEY}{to}"), &text)
            .map_err(|_| "the browser refused to store it".to_string())?;
        let _ = s.remove_item(&format!("{SAVE_KEY}{name}"));
        Ok(format!("this browser's storage ({SAVE_KEY}{to})"))
    }
}
