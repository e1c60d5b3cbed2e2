mod color_material;
mod material;
mod mesh;
mod wireframe2d;

pub use color_material::*;
pub use material::*;
pub use mesh::*;
pub use wireframe2d::*;
