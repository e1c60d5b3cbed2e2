# The keys window: what each action does, and how to change its keys.

key-action-confirm = take the choice under the cursor
key-action-cancel = clear the target filter, close a window
key-action-next = next choice
key-action-previous = previous choice
key-action-cycle-target = show the choices about the next character
key-action-end-turn = end the turn, or pass
key-action-log = open or close the log
key-action-help = open or close the help
key-action-why = open or close the AI's reasons
key-action-speed-up = fast or steady AI turns
key-action-skip = skip the board's animations
key-action-pan-left = pan left
key-action-pan-right = pan right
key-action-pan-up = pan up
key-action-pan-down = pan down
key-action-zoom-in = zoom in
key-action-zoom-out = zoom out
key-action-fit = show the whole board
key-action-learn = open the lessons (on the menu)
key-action-undo = take back the last decision (until dice are rolled)
key-action-less = on the menu: the previous value (a seat, a seed, an option)
key-action-more = on the menu: the next value (a seat, a seed, an option)
key-action-select = select (the mouse's left button)

keys-title = Keys
keys-how = Up/Down pick an action · Enter waits for its new key · Delete clears it · R resets all · Esc or F2 closes.
keys-listening = press a key… (Esc: leave it)
keys-clear = clear
keys-reset = Reset to the defaults
# An action with no key bound.
keys-none = (no key)
# One more key of an action's: "Enter or Space".
keys-or = { $keys } or { $key }
