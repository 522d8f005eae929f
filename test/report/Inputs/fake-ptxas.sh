#!/bin/sh
# Stands in for ptxas (as $CUDA_PATH/bin/ptxas): says something besides its
# resource usage, then runs the real one ($REAL_PTXAS), or fails if
# $FAKE_PTXAS_FAIL is set. With $FAKE_PTXAS_MAXNTID_CAP=THREADS:REGISTERS, a
# kernel of .maxntid THREADS gets at most REGISTERS a thread (a .maxnreg
# added to the PTX file, the last argument: ptxas ignores --maxrregcount
# where a kernel has a .maxntid), so that the link step sees that block size
# spill.
echo "ptxas warning : a warning for the test" >&2
if [ -n "$FAKE_PTXAS_FAIL" ]; then
  echo "ptxas fatal   : failing for the test" >&2
  exit 3
fi
if [ -n "$FAKE_PTXAS_MAXNTID_CAP" ]; then
  for Arg; do Ptx=$Arg; done
  sed -i "s/^\.maxntid ${FAKE_PTXAS_MAXNTID_CAP%:*}\$/&\n.maxnreg ${FAKE_PTXAS_MAXNTID_CAP#*:}/" "$Ptx"
fi
exec "$REAL_PTXAS" "$@"
