# The lessons: the Learn page and a lesson's panel over the board.

learn-title = Learn to play
learn-about = Short lessons on the board, one rule at a time, with the dice set so each shows its case. Up/Down pick a lesson, Enter starts it (or goes on where you left it).
learn-course = { $ruleset ->
        [zones] Zones: a skirmish across zones
        [coterie] Coterie: the party as one group
        [teams] Three actions: teams on a grid
       *[other] Lessons
    }
learn-row = { $number }. { $title }{ $left ->
        [0] {""}
       *[other] {" "}(left at step { $left })
    }
learn-row-about = {"      "}{ $done ->
        [yes] done ·{" "}
       *[no] {""}
    }{ $about }
learn-back = Back to the menu
lesson-window = Lesson: { $title }
lesson-complete = Lesson complete.
lesson-back = Back to the lessons
lesson-step = Step { $at } of { $steps }
lesson-rules = The rules: { $titles }
lesson-predict = Predict: { $ask }
lesson-numbered = { $number }. { $text }
lesson-right = Right.
lesson-not-this-time = Not this time: { $answer }.
lesson-not-that = Not that. { $feedback }
lesson-choice-marked = The lesson's choice is marked in the menu.
lesson-what-if = What if the dice had fallen otherwise?
lesson-back-to-dice = 0. Back to the lesson's dice
lesson-play-it = Play it
lesson-go-on = Go on
lesson-rules-first = Go through the rules at work first (Enter).
lesson-take-action = Take the action: in the choices on the left, or on the board.
lesson-leave = Leave the lesson (Q)
# A choice made when the lesson does not wait for one.
lesson-go-on-first = Go on with the lesson first.
lesson-answer-first = Answer the question first.
lesson-act-first = Take the step's action first.
# A lesson file whose step plays the other side but names no action for it.
lesson-step-without-action = This step names no action to play.
lesson-no-such-what-if = There is no such what-if at this step.

# `fray lessons --trace`: each step of a lesson, as its file words it, before the events it set off.
lessons-trace-step = step { $n }: { $say }
