#!/bin/sh
# Stands in for ptxas (as $CUDA_PATH/bin/ptxas): says something besides its
# resource usage, then runs the real one ($REAL_PTXAS), or fails if
# $FAKE_PTXAS_FAIL is set.
echo "ptxas warning : a warning for the test" >&2
if [ -n "$FAKE_PTXAS_FAIL" ]; then
  echo "ptxas fatal   : failing for the test" >&2
  exit 3
fi
exec "$REAL_PTXAS" "$@"
