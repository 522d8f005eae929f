# The device runtime on a real GPU: loads the cubins build.sh made and
# launches their kernels with CuPy, in the geometry of the launch contract
# (SPMD: one thread per team member; generic: workers plus the main warp),
# and checks what the kernels computed. Prints 'N passed, M failed' and exits
# with 1 when a check failed.
import os
import re
import subprocess
import sys

try:
    import cupy as cp
    import numpy as np
except ImportError as e:
    sys.exit('harness.py needs CuPy and NumPy on the GPU machine: %s' % e)

D = os.path.dirname(os.path.abspath(__file__))
fails = 0
passes = 0

def load(name):
    mod = cp.RawModule(path=os.path.join(D, name + '.cubin'))
    kernels = {}
    for line in open(os.path.join(D, name + '.manifest')):
        parts = line.split()
        kernels[parts[0]] = (int(parts[1]), int(parts[2]), parts[3:])
    return mod, kernels

def kernel(mod, kernels, func):
    for k, v in kernels.items():
        if re.search(r'_%s_l\d+$' % func, k):
            return mod.get_function(k), v
    raise KeyError(func)

def check(cond, what):
    global fails, passes
    if cond:
        passes += 1
    else:
        fails += 1
        print('FAIL', what, flush=True)

def launch(fn, grid, block, args, smem=0):
    fn((grid,), (block,), tuple([np.uint64(0)] + list(args)), shared_mem=smem)
    cp.cuda.runtime.deviceSynchronize()

def maxgeneric(B):
    # Generic blocks are the thread limit plus the main warp.
    return max(B - 32, 1)

spmd, sk = load('spmd')
I64 = np.int64

if len(sys.argv) > 1:
    # A runtime error prints one line and traps; run in a process of its own.
    f, _ = kernel(spmd, sk, 'k_fatal')
    r = cp.zeros(1, dtype=cp.int32)
    try:
        launch(f, 1, 32, [r])
        print('no trap')
    except Exception as e:
        print('trapped:', e)
    sys.exit(0)

# --- SPMD worksharing, all index types ------------------------------------
for (G, B) in [(1, 1), (1, 128), (3, 96), (7, 100), (64, 128), (5, 33)]:
    print('SPMD G=%d B=%d' % (G, B), flush=True)
    for n in [0, 1, 127, 129, 1000, 65537]:
        tag = 'G=%d B=%d n=%d' % (G, B, n)
        f, _ = kernel(spmd, sk, 'k_fill')
        a = cp.zeros(max(n, 1), dtype=cp.int32)
        launch(f, G, B, [I64(n), a])
        exp = np.arange(1, n + 1, dtype=np.int32)
        check(np.array_equal(a.get()[:n], exp), 'k_fill ' + tag)
        f, _ = kernel(spmd, sk, 'k_fill_long')
        a = cp.zeros(max(n, 1), dtype=cp.int64)
        launch(f, G, B, [I64(n), a])
        check(np.array_equal(a.get()[:n], exp.astype(np.int64)), 'k_fill_long ' + tag)
        for fn, base in [('k_fill_u', 2**32 - n - 1), ('k_fill_ul', 2**64 - n - 1)]:
            f, _ = kernel(spmd, sk, fn)
            a = cp.zeros(max(n, 1), dtype=cp.int32)
            launch(f, G, B, [I64(n), np.uint64(base), a])
            check(np.all(a.get()[:n] == 1) and (n > 0 or a.get()[0] == 0), fn + ' ' + tag)
        for fn in ['k_fill_top', 'k_sched', 'k_sched_nochunk', 'k_sched_simd']:
            f, _ = kernel(spmd, sk, fn)
            a = cp.zeros(max(n, 1), dtype=cp.int32)
            launch(f, G, B, [I64(n), a])
            check(np.all(a.get()[:n] == 1) and (n > 0 or a.get()[0] == 0), fn + ' ' + tag)
        if n > 0:
            f, _ = kernel(spmd, sk, 'k_lastprivate')
            x = cp.full(1, -1, dtype=cp.int32)
            arr = cp.full(3, -1, dtype=cp.int32)
            a = cp.zeros(n, dtype=cp.int32)
            launch(f, G, B, [I64(n), x, arr, a])
            check(x.get()[0] == n - 1 and arr.get()[(n - 1) % 3] == n - 1 and np.all(a.get() == 1),
                  'k_lastprivate %s x=%d arr=%s' % (tag, x.get()[0], arr.get()))
            f, _ = kernel(spmd, sk, 'k_queries')
            r = cp.full(8 * n, -7, dtype=cp.int32)
            launch(f, G, B, [I64(n), r])
            r = r.get().reshape(n, 8)
            i = np.arange(n)
            act = 1 if B > 1 else 0
            ok = (np.all(r[:, 0] == (i % 128) % B) and np.all(r[:, 1] == B) and
                  np.all(r[:, 2] == (i // 128) % G) and np.all(r[:, 3] == G) and
                  np.all(r[:, 4] == 1) and np.all(r[:, 5] == act) and np.all(r[:, 6] == act) and
                  np.all(r[:, 7] == B))
            check(ok, 'k_queries ' + tag + ' first row %s' % r[0])
            f, _ = kernel(spmd, sk, 'k_nested')
            r = cp.full(8 * n, -7, dtype=cp.int32)
            launch(f, G, B, [I64(n), r])
            r = r.get().reshape(n, 8)
            exp_row = np.array([0, 1, 2, act, 0, 1, -1, act])
            check(np.all(r == exp_row), 'k_nested ' + tag + ' first row %s' % r[0])

# --- SPMD synchronization -------------------------------------------------
for B in [1, 2, 31, 32, 33, 64, 100, 128]:
    f, _ = kernel(spmd, sk, 'k_barrier')
    r = cp.zeros(2 * B, dtype=cp.int32)
    launch(f, 1, B, [r, I64(B)])
    check(np.all(r.get()[B:] == 0), 'k_barrier B=%d errors=%s' % (B, r.get()[B:].sum()))

f, _ = kernel(spmd, sk, 'k_critical')
c = cp.zeros(2, dtype=cp.int32)
n = 10000
launch(f, 7, 128, [I64(n), c])
check(c.get()[0] == n and c.get()[1] == n * (n - 1) // 2, 'k_critical %s' % c.get())

f, _ = kernel(spmd, sk, 'k_single')
c = cp.zeros(64 * 4, dtype=cp.int32)
launch(f, 4, 64, [c])
check(np.all(c.get()[:16].reshape(4, 4) == [1, 1, 1, 64]), 'k_single %s' % c.get()[:16])

f, _ = kernel(spmd, sk, 'k_locks')
c = cp.zeros(4, dtype=cp.int32)
l = cp.zeros(1, dtype=cp.uint64)
nl = cp.zeros(1, dtype=cp.uint64)
n = 5000
launch(f, 7, 128, [I64(n), l, c, nl])
check(list(c.get()[:3]) == [n, n, 0], 'k_locks %s' % c.get())

f, _ = kernel(spmd, sk, 'k_misc')
d = cp.zeros(8, dtype=cp.float64)
launch(f, 1, 128, [d], smem=2048)
d = d.get()
check(d[0] > 0 and d[1] >= 0 and d[2] == 1e-9 and d[3] == 0 and d[4] == 96 and d[5] == 96 and
      d[6] == 0 and d[7] == 1, 'k_misc %s' % d)

f, _ = kernel(spmd, sk, 'k_devnum')
env = spmd.get_global('__ompgpu_device_environment')
cp.ndarray((2,), dtype=cp.uint32, memptr=env).set(np.array([3, 2], dtype=np.uint32))
r = cp.zeros(3, dtype=cp.int32)
launch(f, 1, 64, [r], smem=2048)
check(list(r.get()) == [2, 3, 2], 'k_devnum %s' % r.get())

# --- generic kernels (and the same source made SPMD by the optimizer) -----
for cub in ['generic', 'spmdized']:
    mod, ks = load(cub)
    geoms = [(32, 0), (64, 2048), (128, 2048), (128, 0)] if cub == 'generic' else [(32, 0), (64, 0), (128, 0), (100, 0)]
    for (B, smem) in geoms:
        tag = '%s B=%d smem=%d' % (cub, B, smem)
        f, (mode, _, _) = kernel(mod, ks, 'g_fork')
        generic = mode == 1
        maxteam = maxgeneric(B) if generic else B
        for nt in [1, 2, 17, 32, 33, 37, 64, 96, 100, 200]:
            n = 1000
            a = cp.zeros(n, dtype=cp.int32)
            r = cp.full(4, -7, dtype=cp.int32)
            launch(f, 1, B, [I64(nt), I64(n), a, r], smem)
            if generic:
                team = max(min(nt, maxteam), 1)
            else:
                team = min(nt, B)
            ok = np.array_equal(a.get(), np.arange(n) + 7) and list(r.get()) == [1, 0, team, 10 + (team > 1)]
            check(ok, 'g_fork %s nt=%d r=%s a0=%s' % (tag, nt, r.get(), a.get()[:3]))
        f, (mode, _, _) = kernel(mod, ks, 'g_sharing')
        maxteam = maxgeneric(B) if mode == 1 else B
        out = cp.zeros(40, dtype=cp.int32)
        launch(f, 1, B, [out], smem)
        o = out.get()
        check(np.array_equal(o[:32], 2 * np.arange(32)) and o[32] == maxteam, 'g_sharing %s %s' % (tag, o[:34]))
        f, (mode, _, _) = kernel(mod, ks, 'g_nested')
        maxteam = maxgeneric(B) if mode == 1 else B
        r = cp.full(16, -7, dtype=cp.int32)
        launch(f, 1, B, [r], smem)
        r = r.get()
        t64 = min(64, maxteam)
        exp = [1, 1, 0, 21]
        if t64 > 5:
            exp += [1, 2, 1, 5, t64, 0]
        else:
            exp += [-7] * 6
        mt = min(40, maxteam) if maxteam > 1 else 1
        exp += [mt, mt, 1]
        check(list(r[:13]) == exp, 'g_nested %s got %s want %s' % (tag, list(r[:13]), exp))
        f, _ = kernel(mod, ks, 'g_distribute')
        n = 37
        a = cp.zeros(n * 64, dtype=cp.int32)
        launch(f, 5, B, [I64(n), a], smem)
        check(np.array_equal(a.get(), np.tile(np.arange(1, 65), n)), 'g_distribute ' + tag)
        f, _ = kernel(mod, ks, 'g_many')
        n = 300
        a = cp.zeros(n, dtype=cp.int32)
        launch(f, 1, B, [I64(n), a], smem)
        check(np.all(a.get() == 200), 'g_many %s %s' % (tag, a.get()[:4]))
        f, _ = kernel(mod, ks, 'g_args')
        a = cp.zeros(64, dtype=cp.int32)
        launch(f, 1, B, [I64(v) for v in range(1, 11)] + [a] + [I64(v) for v in range(11, 21)], smem)
        check(np.array_equal(a.get(), 210 + np.arange(64)), 'g_args %s %s' % (tag, a.get()[:4]))
        f, _ = kernel(mod, ks, 'g_bigshared')
        out = cp.zeros(2, dtype=cp.int32)
        launch(f, 1, B, [out], smem)
        check(out.get()[0] == 2047, 'g_bigshared %s %s' % (tag, out.get()))
    # SPMD teams smaller than the block: the optimizer's kernels and, for the
    # plain SPMD one, a host that launched more threads than num_threads.
    f, _ = kernel(mod, ks, 'g_barrier')
    for nt in [1, 2, 17, 32, 40, 64, 100, 128]:
        r = cp.zeros(2 * 1024 + 2, dtype=cp.int32)
        launch(f, 1, 128, [I64(nt), r])
        rr = r.get()
        team = nt
        check(rr[2048] == team and np.all(rr[1024:2048] == 0), 'g_barrier %s nt=%d team=%d errors=%d' % (cub, nt, rr[2048], rr[1024:2048].sum()))

    f, (mode, _, _) = kernel(mod, ks, 'g_barrier2')
    for B in [64, 128]:
        maxteam = maxgeneric(B) if mode == 1 else B
        for nt in [2, 17, 32, 33, 40, 64, 96, 100, 128]:
            team = max(min(nt, maxteam), 1) if mode == 1 else min(nt, B)
            r = cp.zeros(2 * 1024 + 4, dtype=cp.int32)
            launch(f, 1, B, [r, I64(nt)], 1024)
            rr = r.get()
            check(rr[2048] == team and np.all(rr[1024:2048] == 0) and rr[2050] == team and rr[2051] == 1,
                  'g_barrier2 %s mode=%d B=%d nt=%d team=%d errors=%d crit=%d single=%d' % (cub, mode, B, nt, rr[2048], rr[1024:2048].sum(), rr[2050], rr[2051]))

# A runtime error must trap the kernel (it prints its message first).
p = subprocess.run([sys.executable, __file__, 'fatal'], capture_output=True, text=True)
print('fatal test output:', p.stdout.strip()[-400:], p.stderr.strip()[-300:])
check('trapped:' in p.stdout, 'k_fatal: an allocator without memory and with abort_fb did not trap')

print('%d passed, %d failed' % (passes, fails), flush=True)
sys.exit(1 if fails else 0)
