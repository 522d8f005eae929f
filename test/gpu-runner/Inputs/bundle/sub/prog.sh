#!/bin/sh
# A program of the fake bundle (see ../../../runner.test).
echo "prog got $1"
