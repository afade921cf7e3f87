# A story whose second expect is wrong: `story check` must fail it, naming the step and what the view showed.
title a wrong expect
say a download that finishes
do add "{origin}/gen/256k" --name small.bin
wait event delivered small.bin within 1m
expect ls completed
say the story claims it is still running
expect ls small.bin running
