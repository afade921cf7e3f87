# Written from the README's "Stories" section alone, as a new user would write one.
title a flaky server, then an app refresh that waits for its time

say a download from a server that answers 503 with Retry-After: 2 first
do add "{origin}/gen/1m?status=503&retryAfter=2" --name flaky.bin
wait event retry-scheduled task 1 within 30s
expect ls flaky.bin
pause 2
say the retry comes through
wait event delivered flaky.bin within 1m
expect ls completed
pause 2
say an app refresh request that may run in 20 minutes at the earliest
do schedule refresh com.example.refresh --earliest 20m
expect pending com.example.refresh
pause 2
say nothing else moves, so the clock jumps to when the scheduler lets it run
wait event bg-launched com.example.refresh within 2h
expect events bg-launched
pause 2
