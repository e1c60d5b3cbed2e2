# The settings window (F3, or the menu's Settings).

settings-title = Settings
settings-intro = F3 opens and closes this window. Each change is kept for the next time.
settings-volume = Volume
settings-effects = Effects
settings-music = Music
settings-mute = Mute
settings-text-size = Text size
settings-reduced-motion = Reduced motion: each event shown at its end, nothing slides, shakes or tumbles
settings-full-screen = Full screen
settings-routine = Answer routine prompts for me: bring every skill, decline a reaction that cannot help
settings-language = Language
# A volume or the text's size, in percent.
settings-percent = { $value }%

## Where the player's own files are kept (the settings, the keys, the lessons' progress), and
## what went wrong keeping or reading one.

# $path: the file's path.
prefs-file = { $path }
# $key: the storage key.
prefs-browser-storage = this browser's storage ({ $key })
# $place: prefs-file or prefs-browser-storage; $error: the system's own words.
prefs-not-saved = could not save { $place }: { $error }
prefs-nowhere = nowhere to save { $name }
prefs-saved-in = Saved in { $place }
# $error: what the file's reader (RON's) says, in its own words.
prefs-unreadable = { $place }:{ $line }: { $error }
settings-out-of-range = { $place }:{ $line }: { $field } is { $value }, and goes from { $low } to { $high }
settings-using-defaults = { $why } (using the defaults)
keys-using-defaults = { $why } (using the default keys)
# $wrong: prefs-unreadable's.
progress-set-aside = { $wrong }. It was kept as { $place } and the lessons start afresh.
progress-left-alone = { $wrong }. It is left as it is ({ $why }), and progress is not kept this time.
