# A malformed story: every line at fault is named, and nothing runs.
title a malformed story
say this never shows
do add "{origin}/gen/1m" --name never.bin
wait event delivered never.bin within soon
expect nothing here
jump 3
