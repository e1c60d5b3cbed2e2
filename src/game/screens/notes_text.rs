//! A paragraph of the rules notes as the roll breakdown shows it. The notes are Markdown of a
//! small kind (a `##` heading, paragraphs, `-` lists, `**strong**`, `*emphasis*`, `` `code` ``),
//! so it is drawn here with egui's own text: the browser's download carries no Markdown
//! parser for it.

use bevy_egui::egui;

/// A block of the text: a heading, a paragraph, or a list's item, its lines joined.
#[derive(Debug, PartialEq, Eq)]
pub enum Block {
    Heading(String),
    Paragraph(String),
    Item(String),
}

/// The text's blocks: a blank line ends one, a `#` line is a heading, a `- ` (or `* `) line
/// starts an item, and any other line goes on the block before it.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            open = false;
            continue;
        }
        if let Some(h) = t.strip_prefix('#') {
            out.push(Block::Heading(h.trim_start_matches('#').trim().to_string()));
            open = false;
        } else if let Some(item) = t.strip_prefix("- ").or_else(|| t.strip_prefix("* ")) {
            out.push(Block::Item(item.to_string()));
            open = true;
        } else if open {
            match out.last_mut() {
                Some(Block::Paragraph(p) | Block::Item(p)) => {
                    p.push(' ');
                    p.push_str(t);
                }
                _ => out.push(Block::Paragraph(t.to_string())),
            }
        } else {
            out.push(Block::Paragraph(t.to_string()));
            open = true;
        }
    }
    out
}

/// How a run of text is set: plain, strong, emphasised, or code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Strong,
    Emphasis,
    Code,
}

/// A block's text cut into runs by its marks (`**`, `*`, `` ` ``); a mark left open sets the
/// rest of the text as it was.
pub fn runs(text: &str) -> Vec<(Style, String)> {
    let mut out: Vec<(Style, String)> = Vec::new();
    let mut rest = text;
    let mut push = |style: Style, s: &str| {
        if !s.is_empty() {
            out.push((style, s.to_string()));
        }
    };
    loop {
        let next = [
            ("**", Style::Strong),
            ("`", Style::Code),
            ("*", Style::Emphasis),
        ]
        .into_iter()
        .filter_map(|(mark, style)| rest.find(mark).map(|at| (at, mark, style)))
        .min_by_key(|(at, mark, _)| (*at, std::cmp::Reverse(mark.len())));
        let Some((at, mark, style)) = next else {
            push(Style::Plain, rest);
            break;
        };
        let after = &rest[at + mark.len()..];
        let Some(end) = after.find(mark) else {
            push(Style::Plain, rest);
            break;
        };
        push(Style::Plain, &rest[..at]);
        push(style, &after[..end]);
        rest = &after[end + mark.len()..];
    }
    out
}

/// Draws the text in `ui`, wrapped to its width.
pub fn show(ui: &mut egui::Ui, text: &str) {
    for block in blocks(text) {
        match block {
            Block::Heading(h) => {
                ui.label(egui::RichText::new(h).strong().size(16.0));
            }
            Block::Paragraph(p) => {
                ui.label(job(ui, &p));
            }
            Block::Item(i) => {
                ui.horizontal_top(|ui| {
                    ui.label("•");
                    ui.label(job(ui, &i));
                });
            }
        }
    }
}

fn job(ui: &egui::Ui, text: &str) -> egui::text::LayoutJob {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let mono = egui::TextStyle::Monospace.resolve(ui.style());
    let visuals = &ui.style().visuals;
    let mut job = egui::text::LayoutJob::default();
    for (style, s) in runs(text) {
        let mut format = egui::TextFormat {
            font_id: body.clone(),
            color: visuals.text_color(),
            ..Default::default()
        };
        match style {
            Style::Plain => {}
            Style::Strong => format.color = visuals.strong_text_color(),
            Style::Emphasis => format.italics = true,
            Style::Code => {
                format.font_id = mono.clone();
                format.background = visuals.code_bg_color;
            }
        }
        job.append(&s, 0.0, format);
    }
    job.wrap.max_width = ui.available_width();
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notes_blocks_headings_paragraphs_and_items() {
        let text = "## zones.x — A rule\nOne line\nand its next.\n\n- an item\n  going on\n- another\n\nAfter.";
        assert_eq!(
            blocks(text),
            vec![
                Block::Heading("zones.x — A rule".into()),
                Block::Paragraph("One line and its next.".into()),
                Block::Item("an item going on".into()),
                Block::Item("another".into()),
                Block::Paragraph("After.".into()),
            ]
        );
    }

    #[test]
    fn marks_set_their_runs_and_an_open_mark_is_text() {
        assert_eq!(
            runs("**Reading:** a `d20` roll, *not* more"),
            vec![
                (Style::Strong, "Reading:".into()),
                (Style::Plain, " a ".into()),
                (Style::Code, "d20".into()),
                (Style::Plain, " roll, ".into()),
                (Style::Emphasis, "not".into()),
                (Style::Plain, " more".into()),
            ]
        );
        assert_eq!(runs("2 * 3"), vec![(Style::Plain, "2 * 3".into())]);
    }

    #[test]
    fn every_paragraph_of_the_notes_reads_without_a_mark_left_in_it() {
        for (_, text) in crate::rules::notes::ALL {
            for id in crate::rules::notes::paragraph_ids(text) {
                let p = crate::rules::notes::paragraph(id).unwrap();
                for b in blocks(p) {
                    let (Block::Heading(t) | Block::Paragraph(t) | Block::Item(t)) = b;
                    for (_, s) in runs(&t) {
                        assert!(!s.contains("**"), "{id}: {s}");
                    }
                }
            }
        }
    }
}
