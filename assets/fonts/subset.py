"""Cuts Ubuntu Light down to the characters Fray writes: see README.md."""
import glob, os
from fontTools import subset
from fontTools.ttLib import TTFont

root = os.path.join(os.path.dirname(__file__), "..", "..")
chars = set()
for d in ["src", "assets"]:
    for dp, _, files in os.walk(os.path.join(root, d)):
        for f in files:
            if f.endswith((".rs", ".ron", ".md")):
                chars |= set(open(os.path.join(dp, f), encoding="utf-8").read())
ranges = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180)) | set(range(0x2010, 0x2040))
wanted = {ord(c) for c in chars if ord(c) >= 0x20} | ranges | {0x2212, 0x20AC, 0x2122}
source = glob.glob(os.path.expanduser(
    "~/.cargo/registry/src/*/epaint_default_fonts-0.36.2/fonts/Ubuntu-Light.ttf"))[0]
font = TTFont(source)
have = [c for c in sorted(wanted) if c in font.getBestCmap()]
options = subset.Options()
options.hinting = False
options.layout_features = ["*"]
cutter = subset.Subsetter(options)
cutter.populate(unicodes=have)
cutter.subset(font)
for rec in font["name"].names:
    if rec.nameID in (1, 3, 4, 6, 16):
        s = rec.toUnicode().replace("Ubuntu Light", "Fray Text").replace("Ubuntu-Light", "FrayText")
        rec.string = s.replace("Ubuntu", "Fray Text")
font.save(os.path.join(root, "assets", "fonts", "fray-text.ttf"))
print(len(have), "characters")
