#!/bin/bash
# Builds examples/mpi-offload.c into a self-contained folder OUT for a GPU machine that has no MPI, no compiler
# and no network: the program, our runtime (libomptarget.so, libomp.so.5), and the OpenMPI runtime of this
# machine's Debian packages (mpirun, orted, the libraries and the plugins a single-node run over shared memory
# needs, help texts, configuration), relocated to OUT by OUT/run.sh.
#   test/gpu/mpi-bundle.sh OUT        (after `make`; utils/install-deps.sh installs OpenMPI)
#   then, on the GPU machine: bash OUT/run.sh [N [SWEEPS]]   (NP=ranks, default 2; OMP_TARGET_OFFLOAD,
#   default mandatory)
set -euo pipefail
out=${1:?usage: test/gpu/mpi-bundle.sh OUT}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
for tool in mpicc ompi_info; do
  command -v $tool >/dev/null || { echo "mpi-bundle: $tool missing (run utils/install-deps.sh)" >&2; exit 1; }
done
# Where Debian's OpenMPI keeps its plugins, help texts and configuration (OpenMPI says it itself).
ompi_path() { ompi_info --path "$1" --parsable | sed -n "s/^path:$1://p"; }
pkglibdir=$(ompi_path pkglibdir) pkgdatadir=$(ompi_path pkgdatadir) sysconfdir=$(ompi_path sysconfdir)
bindir=$(ompi_path bindir)
# Debian builds OpenMPI against the system PMIx (libpmix2), which has plugins and help texts of its own.
pmix_lib=$(ldd "$pkglibdir/mca_pmix_ext3x.so" | sed -n 's/^\s*libpmix\.so\.[0-9]* => \(\S*\).*/\1/p')
pmix_prefix=$(dirname "$(dirname "$(readlink -f "$pmix_lib")")")   # .../pmix2 (lib/libpmix.so.2 inside)

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib/openmpi" "$out/lib/pmix" "$out/share/openmpi" "$out/share/pmix" "$out/etc"
OMPI_CC="$build/bin/clang" mpicc -O2 -fopenmp -fopenmp-targets=nvptx64 "$root/examples/mpi-offload.c" \
  -o "$out/mpi-offload"
cp "$bindir/orterun" "$out/bin/mpirun"
cp "$bindir/orted" "$out/bin/orted"

# The plugins (MCA components) a single-node run loads with the settings of etc/openmpi-mca-params.conf
# below: OpenMPI opens every component of a framework it finds, and each framework needs one that selects
# itself. Left out: networks (tcp, openib, ofi, ucx, psm: they would bring libfabric, libucx and libibverbs),
# resource managers (slurm, gridengine, flux, jsm), ssh launching, MPI-IO, OpenSHMEM and monitoring.
components=(
  allocator_basic allocator_bucket bml_r2 btl_self btl_vader
  coll_basic coll_inter coll_libnbc coll_self coll_sm coll_sync coll_tuned
  errmgr_default_app errmgr_default_hnp errmgr_default_orted errmgr_default_tool
  ess_env ess_hnp ess_pmi ess_singleton ess_tool filem_raw grpcomm_direct iof_hnp iof_orted iof_tool
  mpool_hugepage odls_default oob_tcp op_avx osc_rdma osc_sm plm_isolated pmix_ext3x pml_ob1 pstat_linux
  rcache_grdma reachable_weighted regx_fwd regx_naive regx_reverse
  rmaps_mindist rmaps_ppr rmaps_rank_file rmaps_round_robin rmaps_seq rml_oob
  routed_binomial routed_direct routed_radix rtc_hwloc schizo_ompi schizo_orte
  shmem_mmap shmem_posix shmem_sysv state_app state_hnp state_novm state_orted state_tool
)
for c in "${components[@]}"; do cp "$pkglibdir/mca_$c.so" "$out/lib/openmpi/"; done
cp "$pmix_prefix"/lib/pmix/pmix_mca_{prm_default,pcompress_zlib}.so "$out/lib/pmix/"
cp "$pkgdatadir"/help-*.txt "$out/share/openmpi/"
cp "$pmix_prefix"/share/pmix/help-*.txt "$out/share/pmix/"
cp "$sysconfdir/openmpi-default-hostfile" "$out/etc/"
cat >"$out/etc/openmpi-mca-params.conf" <<'EOF'
# OpenMPI settings of this bundle (run.sh points OPAL_SYSCONFDIR here): one machine, shared memory.
# Launch ranks on this machine only (no ssh), and say nothing of unused interconnects.
plm = isolated
btl_base_warn_component_unused = 0
# Messages through shared memory (vader) and to oneself, with the ob1 protocol layer (the only plugins of
# those kinds here: this says what the bundle is for).
pml = ob1
btl = self,vader
# Large messages are copied through the shared segment rather than read from the other process directly (CMA,
# process_vm_readv), which containers often forbid.
btl_vader_single_copy_mechanism = none
EOF

# Every shared library those programs and plugins load, except glibc's and the few libraries every Linux
# distribution has (libstdc++, libgcc_s, zlib): a newer system copy of those must win over Debian 12's.
cp "$build/lib/libomptarget.so" "$out/lib/"
deps=$(ldd "$out/mpi-offload" "$out/bin/"* "$out/lib/openmpi/"*.so "$out/lib/pmix/"*.so "$out/lib/libomptarget.so")
if grep -q 'not found' <<<"$deps"; then
  echo "mpi-bundle: libraries not found:" >&2; grep 'not found' <<<"$deps" >&2; exit 1
fi
sed -n 's/^\s*\(\S*\) => \(\/\S*\).*/\1 \2/p' <<<"$deps" | sort -u | while read -r name path; do
  case $name in
    libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | libutil.so.* | ld-linux*) ;;
    libstdc++.so.* | libgcc_s.so.* | libz.so.*) ;;
    libomptarget.so) ;;
    *) [ -e "$out/lib/$name" ] || cp -L "$path" "$out/lib/$name" ;;
  esac
done

cat >"$out/run.sh" <<'EOF'
#!/bin/bash
# Runs mpi-offload as NP MPI ranks (default 2) on this machine, one GPU per rank, with the OpenMPI runtime of
# this folder (relocated by the OPAL_*/PMIX_* variables below; no MPI need be installed).
#   bash run.sh [N [SWEEPS]]     OMP_TARGET_OFFLOAD=default lets ranks fall back to the host without a GPU
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# OpenMPI and PMIx find their plugins, help texts and configuration in their install folders, which these
# variables move here. Debian configured those folders absolutely (PMIx's under .../pmix2, whose configuration
# file names its plugin folder too), so a prefix alone is not enough: each folder is named.
export OPAL_PREFIX=$here OPAL_BINDIR=$here/bin OPAL_LIBDIR=$here/lib OPAL_PKGLIBDIR=$here/lib/openmpi
export OPAL_PKGDATADIR=$here/share/openmpi OPAL_SYSCONFDIR=$here/etc
export PMIX_PKGLIBDIR=$here/lib/pmix PMIX_PKGDATADIR=$here/share/pmix PMIX_SYSCONFDIR=$here/etc
# hwloc's optional plugins (PCI, OpenCL, ...) are not bundled; keep a system hwloc's from being loaded.
export HWLOC_PLUGINS_PATH=$here/lib/hwloc
export PATH=$here/bin:$PATH
# Before the RUNPATH of Debian's OpenMPI libraries (/usr/lib/x86_64-linux-gnu/openmpi/lib) and of mpi-offload
# (build/lib, LLVM's lib): a system OpenMPI or libomp there is never picked.
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OMP_TARGET_OFFLOAD=${OMP_TARGET_OFFLOAD:-mandatory}
exec mpirun -np "${NP:-2}" --allow-run-as-root --oversubscribe "$here/mpi-offload" "$@"
EOF
chmod +x "$out/run.sh"
echo "mpi-bundle: $out ($(du -sh "$out" | cut -f1)); run: bash $out/run.sh"
