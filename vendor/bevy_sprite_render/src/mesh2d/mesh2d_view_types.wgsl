#define_import_path bevy_sprite::mesh2d_view_types

#import bevy_render::view
#import bevy_render::globals
