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
