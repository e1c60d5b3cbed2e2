mod computed_slices;

pub(crate) use computed_slices::{
    compute_slices_on_asset_event, compute_slices_on_sprite_change, ComputedTextureSlices,
};
