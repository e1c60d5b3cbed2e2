//! The window: its size on the screen it opens on, and the frames drawn again that redrawing on
//! demand would otherwise leave out.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// The window's own systems, with a window only.
pub fn windowed(app: &mut App) {
    app.add_systems(Update, fit_window_to_screen).add_systems(
        PostUpdate,
        draw_again_after_new_glyphs.after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
    );
}

/// Letters egui draws for the first time (a new name, a new size) are added to its font
/// texture, which reaches the screen a frame after the text that uses them: that frame shows
/// the text with those letters missing. Redrawn on demand, the screen would keep that frame
/// until the mouse moved; one more frame shows it whole.
fn draw_again_after_new_glyphs(
    outputs: Query<&bevy_egui::EguiRenderOutput>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if outputs.iter().any(|o| !o.textures_delta.set.is_empty()) {
        redraw.write(RequestRedraw);
    }
}

/// The window opens at a size that fits the screen it is on: the size the game is laid out
/// for (1440×860) where there is room, else nine tenths of the screen, and never below the
/// smallest it is laid out for (1280×720). Once, when the screen is first known.
fn fit_window_to_screen(
    monitors: Query<&bevy::window::Monitor, With<bevy::window::PrimaryMonitor>>,
    mut window: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Ok(m), Ok(mut w)) = (monitors.single(), window.single_mut()) else {
        return;
    };
    *done = true;
    let scale = m.scale_factor.max(0.5) as f32;
    let screen = Vec2::new(m.physical_width as f32, m.physical_height as f32) / scale;
    let size = window_size(screen);
    w.resolution.set(size.x, size.y);
}

/// The window's logical size on a screen of `screen` logical pixels.
fn window_size(screen: Vec2) -> Vec2 {
    (screen * 0.9)
        .min(Vec2::new(1440.0, 860.0))
        .max(Vec2::new(1280.0, 720.0))
        .min(screen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_fits_the_screen_it_opens_on() {
        // Room to spare: the size the game is laid out for.
        assert_eq!(
            window_size(Vec2::new(2560.0, 1440.0)),
            Vec2::new(1440.0, 860.0)
        );
        // A laptop's 1366×768: nine tenths, but never below 1280×720.
        assert_eq!(
            window_size(Vec2::new(1366.0, 768.0)),
            Vec2::new(1280.0, 720.0)
        );
        // 1280×720 itself: the whole screen, not beyond it.
        assert_eq!(
            window_size(Vec2::new(1280.0, 720.0)),
            Vec2::new(1280.0, 720.0)
        );
        // A screen smaller than that: the screen.
        assert_eq!(
            window_size(Vec2::new(1024.0, 600.0)),
            Vec2::new(1024.0, 600.0)
        );
        // 1600×900: nine tenths of it.
        assert_eq!(
            window_size(Vec2::new(1600.0, 900.0)),
            Vec2::new(1440.0, 810.0)
        );
    }
}
