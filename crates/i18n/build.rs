//! The message catalogues are read into the crate when it compiles
//! (`fluent_templates::static_loader!`); a catalogue file added later must
//! rebuild it too, which only a change of the directory tells cargo.
fn main() {
    println!("cargo:rerun-if-changed=../../locales");
}
