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
