//! `fray-art ICONS.JSON LIST OUT_DIR`: renders each icon the list names from the iconify JSON
//! of game-icons.net's collection (white on transparent, so the game tints it) into one atlas,
//! `OUT_DIR/icons.png`, and writes its index, `OUT_DIR/icons.ron`: the cell size, the columns,
//! and each key with the icon it came from, in the atlas's order.

use std::fmt::Write as _;

/// Pixels a side of one icon in the atlas: sharp on a token at the board's largest zoom.
const CELL: u32 = 96;
const COLUMNS: u32 = 8;

fn main() {
    if let Err(e) = run() {
        eprintln!("fray-art: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (json, list, out, preview) = match args.as_slice() {
        [j, l, o] => (j, l, o, None),
        [j, l, o, p] => (j, l, o, Some(p)),
        _ => return Err("usage: fray-art ICONS.JSON LIST OUT_DIR [PREVIEW.png]".into()),
    };
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let set: serde_json::Value =
        serde_json::from_str(&read(json)?).map_err(|e| format!("{json}: {e}"))?;
    let icons = &set["icons"];
    let aliases = &set["aliases"];
    let size = set["width"].as_u64().unwrap_or(512) as f32;
    let mut chosen: Vec<(String, String)> = Vec::new();
    for (n, line) in read(list)?.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(key), Some(name), None) = (words.next(), words.next(), words.next()) else {
            return Err(format!("{list}:{}: write KEY ICON-NAME", n + 1));
        };
        if chosen.iter().any(|(k, _)| k == key) {
            return Err(format!("{list}:{}: {key} is listed twice", n + 1));
        }
        chosen.push((key.to_string(), name.to_string()));
    }
    let rows = (chosen.len() as u32).div_ceil(COLUMNS);
    let mut atlas = resvg::tiny_skia::Pixmap::new(COLUMNS * CELL, rows * CELL)
        .ok_or("the atlas has no pixels")?;
    let options = resvg::usvg::Options::default();
    let mut index = String::new();
    let _ = writeln!(
        index,
        "// Made by scripts/art.sh from @iconify-json/game-icons (game-icons.net, CC BY 3.0):\n\
         // do not edit. The atlas icons.png holds each icon's coverage as grey (the icon is white with it as its alpha), in this order.\n\
         (\n    cell: {CELL},\n    columns: {COLUMNS},\n    icons: ["
    );
    for (i, (key, name)) in chosen.iter().enumerate() {
        let body = body(icons, aliases, name)
            .ok_or_else(|| format!("{list}: {key}: game-icons has no icon named \"{name}\""))?;
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\">{}</svg>",
            body.replace("currentColor", "#ffffff")
        );
        let tree = resvg::usvg::Tree::from_str(&svg, &options)
            .map_err(|e| format!("{key} ({name}): {e}"))?;
        let mut cell = resvg::tiny_skia::Pixmap::new(CELL, CELL).ok_or("no cell")?;
        let scale = CELL as f32 / size;
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_scale(scale, scale),
            &mut cell.as_mut(),
        );
        let (x, y) = ((i as u32 % COLUMNS) * CELL, (i as u32 / COLUMNS) * CELL);
        atlas.draw_pixmap(
            x as i32,
            y as i32,
            cell.as_ref(),
            &resvg::tiny_skia::PixmapPaint::default(),
            resvg::tiny_skia::Transform::identity(),
            None,
        );
        let _ = writeln!(index, "        (key: \"{key}\", source: \"{name}\"),");
    }
    index.push_str("    ],\n)\n");
    let out = std::path::Path::new(out);
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    save_alpha(&atlas, &out.join("icons.png"))
        .map_err(|e| format!("{}: {e}", out.join("icons.png").display()))?;
    // The atlas on a dark ground, for a person to look at (white on transparent shows as
    // nothing in most viewers).
    if let Some(p) = preview {
        let mut ground =
            resvg::tiny_skia::Pixmap::new(atlas.width(), atlas.height()).ok_or("no preview")?;
        ground.fill(resvg::tiny_skia::Color::from_rgba8(42, 47, 56, 255));
        ground.draw_pixmap(
            0,
            0,
            atlas.as_ref(),
            &resvg::tiny_skia::PixmapPaint::default(),
            resvg::tiny_skia::Transform::identity(),
            None,
        );
        ground.save_png(p).map_err(|e| format!("{p}: {e}"))?;
    }
    std::fs::write(out.join("icons.ron"), index)
        .map_err(|e| format!("{}: {e}", out.join("icons.ron").display()))?;
    println!(
        "{} icons into {} ({}×{} px)",
        chosen.len(),
        out.join("icons.png").display(),
        COLUMNS * CELL,
        rows * CELL
    );
    Ok(())
}

/// An icon's SVG body, following an alias to its parent.
fn body(icons: &serde_json::Value, aliases: &serde_json::Value, name: &str) -> Option<String> {
    if let Some(b) = icons[name]["body"].as_str() {
        return Some(b.to_string());
    }
    let parent = aliases[name]["parent"].as_str()?;
    icons[parent]["body"].as_str().map(String::from)
}

/// The atlas as a greyscale PNG of its alpha: every icon is white, so its coverage is all
/// there is to keep, in a quarter of the bytes (the game reads it back as white with that
/// alpha). Compressed as hard as the encoder goes: the .wasm carries it as it is.
fn save_alpha(atlas: &resvg::tiny_skia::Pixmap, path: &std::path::Path) -> Result<(), String> {
    let alpha: Vec<u8> = atlas.data().chunks(4).map(|p| p[3]).collect();
    let file = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let mut encoder =
        png::Encoder::new(std::io::BufWriter::new(file), atlas.width(), atlas.height());
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&alpha).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())
}
