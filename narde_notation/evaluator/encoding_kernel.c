/* The optional compiled form of encoding.encode_raw (decisions V11).
 *
 * The same features in the same columns (decisions V2), each worked out in
 * double and then stored (float or double), as the numpy encoder does; the
 * held-points bit table (encoding._BITS: where each own point goes in the four
 * 24-bit masks) is handed over from Python, so the numbering of the other
 * side is not written here, nor is the escape table (encoding.ESCAPES).  tests/evaluator/test_encoding.py compares both
 * encoders bit for bit.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define N_INPUTS 220
#define FACING 208 /* the first encoding-2 column */
#define MASK24 ((1LL << 24) - 1)

static int64_t BITS[25][4];
/* escape rolls of a checker by the 12-bit mask of held points ahead (encoding.ESCAPES) */
static int64_t ESCAPES[4096];
/* the truncated unary of a count: n >= 1, n >= 2, n >= 3, (n - 3) / 4 above three */
static double UNARY[16][4];
/* a point's count a -> b: which of its unary columns change (n of them,
   q[0..n)), by how much in float (UNARY[b] - UNARY[a], each in float) */
typedef struct {
    int n, q[4];
    float v[4];
} unary_change;
static unary_change UNARY_CHANGE[16][16];

/* bits: 25 rows of 4 (encoding._BITS); escapes: 4096 (encoding.ESCAPES) */
void narde_encode_init(const int64_t *bits, const int64_t *escapes) {
    for (int k = 0; k < 4096; k++) ESCAPES[k] = escapes[k];
    for (int p = 0; p < 25; p++)
        for (int k = 0; k < 4; k++) BITS[p][k] = bits[4 * p + k];
    for (int n = 0; n < 16; n++) {
        UNARY[n][0] = n >= 1;
        UNARY[n][1] = n >= 2;
        UNARY[n][2] = n >= 3;
        UNARY[n][3] = n > 3 ? (n - 3) / 4.0 : 0.0;
    }
    for (int a = 0; a < 16; a++)
        for (int b = 0; b < 16; b++) {
            unary_change *u = &UNARY_CHANGE[a][b];
            u->n = 0;
            for (int q = 0; q < 4; q++)
                if (UNARY[a][q] != UNARY[b][q]) {
                    u->q[u->n] = q;
                    u->v[u->n++] = (float)UNARY[b][q] - (float)UNARY[a][q];
                }
        }
}

typedef struct {
    int n[25];           /* checkers per own point, 0 = off */
    double pips, home;   /* pip count; checkers home (own 1..6) or off */
    int64_t mask[4];     /* along the opponent's path, along its own, own, flipped */
    int run;             /* longest run of mask[0], at most six */
} side;

/* the longest run of set bits of a mask, at most six */
static int run_of(int64_t b) {
    int run = 0;
    while (b && run < 6) {
        run++;
        b &= b >> 1;
    }
    return run;
}

static void decode(const uint8_t *raw, side *s) {
    for (int j = 0; j < 13; j++) {
        s->n[2 * j] = raw[j] & 15;
        if (2 * j + 1 < 25) s->n[2 * j + 1] = raw[j] >> 4;
    }
    int64_t pips = 0, home = 0;
    for (int k = 0; k < 4; k++) s->mask[k] = 0;
    for (int p = 0; p < 25; p++) {
        pips += (int64_t)p * s->n[p];
        if (p <= 6) home += s->n[p];
        if (s->n[p])
            for (int k = 0; k < 4; k++) s->mask[k] |= BITS[p][k];
    }
    s->pips = (double)pips;
    s->home = (double)home;
    s->run = run_of(s->mask[0]);
}

static int popcount24(int64_t b) { return __builtin_popcountll((unsigned long long)b); }

static int64_t below_highest(int64_t b) {
    b |= b >> 1;
    b |= b >> 2;
    b |= b >> 4;
    b |= b >> 8;
    b |= b >> 16;
    return b >> 1;
}

/* columns 96..100 of side s (off, pips, head, home, run), from x */
static void side_scalars(const side *s, double *x) {
    x[96] = s->n[0] / 15.0;
    x[97] = s->pips / 200.0;
    x[98] = s->n[24] / 15.0;
    x[99] = s->home / 15.0;
    x[100] = s->run / 6.0;
}

/* the 101 columns of side s that depend on its board alone, from x */
static void side_columns(const side *s, double *x) {
    for (int p = 1; p <= 24; p++) memcpy(x + 4 * (p - 1), UNARY[s->n[p]], sizeof(UNARY[0]));
    side_scalars(s, x);
}

/* column 101 of side s: its points ahead of t's rearmost checker, / 12 */
static double ahead_of(const side *s, const side *t) {
    int64_t rear = t->mask[1];
    int64_t ahead = -((rear & -rear) << 1) & MASK24;
    return popcount24(s->mask[0] & ahead) / 12.0;
}

static int highest(int64_t b) {
    return b ? 63 - __builtin_clzll((unsigned long long)b) : -1;
}

/* the six encoding-2 columns of side x facing side y's blocks, into out */
static void facing(const side *x, const side *y, double *out) {
    int64_t blocks = y->mask[0], path = x->mask[1];
    int front = highest(blocks);
    int64_t starts = y->run == 1 ? blocks : 0, acc = blocks;
    for (int k = 1; k < 6; k++) {
        acc &= blocks >> k;
        if (y->run == k + 1) starts = acc;
    }
    int start = highest(starts);
    int64_t trapped = 0, to_pass = 0, free_pips = 0, least = 36;
    for (int64_t m = path; m; m &= m - 1) {  /* path position i: own point 24 - i, held */
        int i = __builtin_ctzll((unsigned long long)m), c = x->n[24 - i];
        if (i < start) trapped += c;
        if (i < front) {  /* a checker past the front has nothing ahead: 36 */
            to_pass += c;
            int64_t e = ESCAPES[(blocks >> (i + 1)) & 4095];
            if (e < least) least = e;
        } else if (i > front) {
            free_pips += (int64_t)c * (24 - i);
        }
    }
    int rear = highest(path & -path);
    out[0] = (rear >= 0 ? ESCAPES[(blocks >> (rear + 1)) & 4095] : 36) / 36.0;
    out[1] = least / 36.0;
    out[2] = (start + 1) / 24.0;
    out[3] = trapped / 15.0;
    out[4] = to_pass / 15.0;
    out[5] = free_pips / 200.0;
}

/* Columns 101 and 203..219 of x: those that mix both sides (203..207 only
   when not facing_too: the facing columns, 208.., are left as they are) */
static void mixed_columns(const side *me, const side *opp, uint8_t mover_first,
                          uint8_t other_first, double *x, int facing_too) {
    x[101] = ahead_of(me, opp);
    x[203] = ahead_of(opp, me);
    x[204] = (opp->pips - me->pips) / 100.0;
    x[205] = ((opp->mask[3] & below_highest(me->mask[2]))
              | (me->mask[3] & below_highest(opp->mask[2]))) != 0;
    x[206] = mover_first != 0;
    x[207] = other_first != 0;
    if (!facing_too) return;
    facing(me, opp, x + FACING);
    facing(opp, me, x + FACING + 6);
}

/* Columns 101..219 of x, the ones that depend on the opponent: decodes its
   board other into opp (the mover's columns 0..100 are left as they are) */
static void opponent_columns(const side *me, const uint8_t *other, uint8_t mover_first,
                             uint8_t other_first, side *opp, double *x) {
    decode(other, opp);
    side_columns(opp, x + 102);
    mixed_columns(me, opp, mover_first, other_first, x, 1);
}

/* Inputs of n positions: row i's mover is movers[i * mover_step] (13 bytes read
   of each row; mover_step 0 for one board facing every row), its opponent
   others[i * width]; the first-turn flags one byte per row (their step 1) or
   one byte for all (step 0).  Writes n rows of N_INPUTS into out, float
   (is_double 0) or double. */
void narde_encode(const uint8_t *movers, int64_t mover_step, const uint8_t *others,
                  int64_t width, int64_t n, const uint8_t *mover_first,
                  int64_t mover_first_step, const uint8_t *other_first,
                  int64_t other_first_step, int is_double, void *out) {
    side me, opp;
    double x[N_INPUTS];
    const uint8_t *last = NULL;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *m = movers + i * mover_step;
        if (m != last) {  /* the mover's own columns stay in x while it is the same */
            decode(m, &me);
            side_columns(&me, x);
            last = m;
        }
        opponent_columns(&me, others + i * width, mover_first[i * mover_first_step],
                         other_first[i * other_first_step], &opp, x);
        if (is_double) {
            memcpy((double *)out + i * N_INPUTS, x, sizeof(x));
        } else {
            float *o = (float *)out + i * N_INPUTS;
            for (int k = 0; k < N_INPUTS; k++) o[k] = (float)x[k];
        }
    }
}

/* ---- The network's forward pass fused with the encoding (decisions V12) ----
 *
 * Network.forward of the rows narde_encode writes, in float: the first layer
 * summed over the nonzero inputs only (most of the 220 are zero: a point's
 * unary columns are zero where the point is empty), the mover's own columns
 * (0..100) summed once while the mover stays the same; tanh and the logistic
 * from one exponential each.  The figures equal numpy's float32 product to
 * rounding (about 1e-6; tests/evaluator/test_forward_kernel.py).
 */

#define BLOCK 8 /* hidden units in a block: the inner loops have a fixed length */
#pragma GCC optimize("O3") /* the loops over hidden units vectorise (cc -O2 does not) */

/* e^x for 0 <= x <= 40, in float: 2^k e^r with |r| <= ln2 / 2, a Taylor
   polynomial of degree 7 for e^r (relative error under 1e-8), 2^k put into
   the exponent bits.  Branch-free, so the loops over a block vectorise. */
static inline float exp_pos(float x) {
    const float log2e = 1.44269504088896341f, ln2_hi = 0.693145751953125f,
                ln2_lo = 1.42860682030941723212e-6f;
    float kf = (float)(int)(x * log2e + 0.5f);
    float r = (x - kf * ln2_hi) - kf * ln2_lo;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120
              + r * (1.0f / 720 + r * (1.0f / 5040)))))));
    union { int32_t i; float f; } scale;
    scale.i = ((int32_t)kf + 127) << 23;
    return p * scale.f;
}

typedef union { int32_t i; float f; } float_bits;

/* tanh(a) = (e - 1) / (e + 1), e = e^2|a|, |a| clamped at 20 (tanh 20 is 1 in
   float), the sign put back; bit operations in place of branches (the loop
   over the hidden units vectorises; fabsf, fminf and copysignf stop it) */
static inline float tanh_f(float a) {
    float_bits in, m, t;
    in.f = a;
    m.i = in.i & 0x7fffffff;
    m.i = m.i < 0x41a00000 ? m.i : 0x41a00000; /* 20.0f: the order of positive floats is their bits' */
    float e = exp_pos(2.0f * m.f);
    t.f = (e - 1.0f) / (e + 1.0f);
    t.i |= in.i & (int32_t)0x80000000;
    return t.f;
}

static inline float logistic_f(float a) {  /* 1 / (1 + e^-a) */
    float m = a < 0 ? -a : a;
    m = m < 40.0f ? m : 40.0f;
    float e = exp_pos(m);           /* e^|a| */
    float below = 1.0f / (1.0f + e), above = e * below;  /* both: a select, not a branch */
    return a < 0 ? below : above;
}

/* acc[0..h) += sum over k in [from, to) of x[k] * w1t[k * h + ...], x[k] != 0 */
static inline void add_columns(const double *x, int from, int to, const float *w1t, int64_t h,
                        float *acc) {
    for (int k = from; k < to; k++) {
        if (x[k] == 0.0) continue;
        const float v = (float)x[k];
        const float *w = w1t + (int64_t)k * h;
        for (int64_t j = 0; j < h; j += BLOCK)
            for (int u = 0; u < BLOCK; u++) acc[j + u] += v * w[j + u];
    }
}

/* BLOCK floats in one vector (GCC's vector extension: a register, AVX or two SSE) */
typedef float lanes __attribute__((vector_size(4 * BLOCK)));

static inline lanes load_lanes(const float *p) {
    lanes v;
    memcpy(&v, p, sizeof(v));
    return v;
}

/* the nonzero columns of x in [from, to), appended to cols / vals at *m */
static inline void gather(const double *x, int from, int to, int *cols, float *vals, int *m) {
    for (int k = from; k < to; k++)
        if (x[k] != 0.0) {
            cols[*m] = k;
            vals[(*m)++] = (float)x[k];
        }
}

/* acc = from + the listed columns (cols[t], value vals[t], t < m) times w1t,
   through tanh when squash: each run of units summed over the columns in
   registers (not in acc: a load and a store a column), in the order listed.
   Compiled for AVX2 too where the processor has it (a clone chosen when the
   library loads) */
__attribute__((target_clones("avx2", "default")))
static void sum_units(const int *cols, const float *vals, int m, const float *w1t, int64_t h,
                      const float *from, float *acc, int squash) {
    int64_t j = 0;
    for (; j + 2 * BLOCK <= h; j += 2 * BLOCK) {
        lanes a = load_lanes(from + j), b = load_lanes(from + j + BLOCK);
        for (int t = 0; t < m; t++) {
            const float *w = w1t + (int64_t)cols[t] * h + j;
            a += vals[t] * load_lanes(w);
            b += vals[t] * load_lanes(w + BLOCK);
        }
        memcpy(acc + j, &a, sizeof(a));
        memcpy(acc + j + BLOCK, &b, sizeof(b));
    }
    for (; j < h; j += BLOCK) {
        lanes a = load_lanes(from + j);
        for (int t = 0; t < m; t++) a += vals[t] * load_lanes(w1t + (int64_t)cols[t] * h + j);
        memcpy(acc + j, &a, sizeof(a));
    }
    if (squash)
        for (j = 0; j < h; j++) acc[j] = tanh_f(acc[j]);
}

/* the nonzero columns 101.. of x (opp's unary columns 102..197 read point by
   point, only where it has checkers), in add_columns's order */
static int opponent_nonzero(const double *x, const side *opp, int *cols, float *vals) {
    int m = 0;
    gather(x, 101, 102, cols, vals, &m);
    for (int p = 1; p <= 24; p++) {
        int c = opp->n[p];
        if (c) gather(x, 102 + 4 * (p - 1), 102 + 4 * (p - 1) + (c > 3 ? 4 : c), cols, vals, &m);
    }
    gather(x, 102 + 96, N_INPUTS, cols, vals, &m);
    return m;
}

/* acc = tanh(own + the columns 101.. of x times w1t): the hidden layer of a
   row whose mover's sums are own and whose opponent is opp; the figures are
   add_columns's (the same columns in the same order) */
static void hidden_units(const double *x, const side *opp, const float *w1t, int64_t h,
                         const float *own, float *acc) {
    int cols[N_INPUTS];
    float vals[N_INPUTS];
    int m = opponent_nonzero(x, opp, cols, vals);
    sum_units(cols, vals, m, w1t, h, own, acc, 1);
}

/* s[o - from] for o in [from, to) (at most five) = b2 + w2 acc, the rest of
   s[0..BLOCK) zero; each sum in BLOCK lanes (the lanes vectorise), then
   across them */
__attribute__((target_clones("avx2", "default")))
static void output_dots(const float *acc, const float *w2, const float *b2, int64_t h,
                        int from, int to, float *s) {
    memset(s, 0, sizeof(float) * BLOCK);
    for (int o = from; o < to; o++) {
        const float *w = w2 + (int64_t)o * h;
        lanes lane = {0};
        for (int64_t j = 0; j < h; j += BLOCK) lane += load_lanes(w + j) * load_lanes(acc + j);
        float t = b2[o];
        for (int u = 0; u < BLOCK; u++) t += lane[u];
        s[o - from] = t;
    }
}

/* s[0..BLOCK) through the logistic, 1 / (1 + e^-s) = (1 + tanh(s / 2)) / 2,
   in the lanes of one vector; rows done one after another overlap their
   exponentials and divisions */
static inline void logistics(float *s) {
    for (int u = 0; u < BLOCK; u++) s[u] = 0.5f + 0.5f * tanh_f(0.5f * s[u]);
}

/* out[o] for o in [from, to) = the logistic of b2 + w2 acc */
static void output_range(const float *acc, const float *w2, const float *b2, int64_t h,
                         int from, int to, float *out) {
    float s[BLOCK];
    output_dots(acc, w2, b2, h, from, to, s);
    logistics(s);
    memcpy(out + from, s, sizeof(float) * (size_t)(to - from));
}

/* w2 (5, h) as h rows of BLOCK (output o in lane o, the lanes past the
   fifth zero), for output_sums; b2 (5) as one row */
static void lanes_of_outputs(const float *w2, const float *b2, int64_t h, float *w2t,
                             float *b2v) {
    memset(w2t, 0, sizeof(float) * (size_t)(h * BLOCK));
    memset(b2v, 0, sizeof(float) * BLOCK);
    for (int o = 0; o < 5; o++) {
        b2v[o] = b2[o];
        for (int64_t j = 0; j < h; j++) w2t[j * BLOCK + o] = w2[o * h + j];
    }
}

/* out[0..BLOCK): the five outputs' sums b2 + w2 acc (before the logistic)
   in 0..4: w2t and b2v from lanes_of_outputs; for a narrow hidden layer (no
   sum across lanes) */
__attribute__((target_clones("avx2", "default")))
static void output_sums(const float *acc, const float *w2t, const float *b2v, int64_t h,
                        float *out) {
    lanes a = load_lanes(b2v), b = {0};
    int64_t j = 0;
    for (; j + 2 <= h; j += 2) {
        a += acc[j] * load_lanes(w2t + j * BLOCK);
        b += acc[j + 1] * load_lanes(w2t + (j + 1) * BLOCK);
    }
    for (; j < h; j++) a += acc[j] * load_lanes(w2t + j * BLOCK);
    a += b;
    memcpy(out, &a, sizeof(a));
}

/* out[0..5): the five outputs */
static void output_units(const float *acc, const float *w2, const float *b2, int64_t h,
                         float *out) {
    output_range(acc, w2, b2, h, 0, 5, out);
}

/* Outputs (n, 5) of the network with hidden layer h (a multiple of BLOCK) for
   the rows narde_encode would write from the same arguments: w1t (N_INPUTS, h)
   the first layer transposed, b1 (h), w2 (5, h), b2 (5); out float (n, 5). */
void narde_forward(const uint8_t *movers, int64_t mover_step, const uint8_t *others,
                   int64_t width, int64_t n, const uint8_t *mover_first,
                   int64_t mover_first_step, const uint8_t *other_first,
                   int64_t other_first_step, const float *w1t, const float *b1,
                   const float *w2, const float *b2, int64_t h, float *out) {
    side me, opp;
    double x[N_INPUTS];
    float own[512], acc[512];  /* h <= 512 (checked by the caller) */
    const uint8_t *last = NULL;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *m = movers + i * mover_step;
        if (last == NULL || memcmp(m, last, 13) != 0) {  /* the same mover: its sums kept */
            decode(m, &me);
            side_columns(&me, x);
            for (int64_t j = 0; j < h; j++) own[j] = b1[j];
            add_columns(x, 0, 101, w1t, h, own);
            last = m;
        }
        opponent_columns(&me, others + i * width, mover_first[i * mover_first_step],
                         other_first[i * other_first_step], &opp, x);
        hidden_units(x, &opp, w1t, h, own, acc);
        output_units(acc, w2, b2, h, out + i * 5);
    }
}

/* ---- The best 0-ply turn of each roll, generation to choice in one call (issue 24) ----
 *
 * search.Judge.best_replies without numpy between the steps: for each
 * position, the end boards of each of its rolls from generation's compiled
 * search (rules/generation_kernel.c's narde_generate_rolls, handed over as a
 * function pointer: its source is not included here), every distinct board
 * valued by the fused forward pass above against the opponent (to move after
 * the turn), and the first board of each roll with the opponent's lowest
 * equity (the mover's best, generation order breaks ties) chosen.  A
 * position any of whose end boards is exact (a side with 15 off, R9, or both
 * sides home: the bear-off database), or that is on its first turn (R5's
 * head allowance depends on the roll), is left to the caller (its status 1),
 * as is one whose search gave up (status -1).
 */

typedef int (*rolls_search)(uint64_t, uint64_t, uint64_t, uint64_t, int, const int32_t *, int,
                            uint64_t *, int32_t *, int32_t *);

#define MOST_BOARDS (1 << 15) /* generation_kernel.CAP */

/* every checker home or off: nibbles from 7 empty (search._all_home) */
static int all_home(const uint8_t *raw) {
    if (raw[3] >> 4) return 0;
    for (int j = 4; j < 13; j++)
        if (raw[j]) return 0;
    return 1;
}

/* opponent's equity of out[0..5) as estimate.equities sums it (float64, same order) */
static double equity_of(const float *v, int koks) {
    double eq = 2.0 * (double)v[0] - 1.0 + (double)v[1] - (double)v[2];
    if (koks) eq = eq + (double)v[3] - (double)v[4];
    return eq;
}

/* a network's layers as narde_forward takes them (w1t (N_INPUTS, h) the first
   layer transposed, b1 (h), w2 (5, h), b2 (5)) */
typedef struct {
    const float *w1t, *b1, *w2, *b2;
    int64_t h;
} layers;

/* column c into the list (cols, vals at *d) when its value v differs from
   xb's, by the difference in float; branch-free (the columns differ at random) */
static inline void if_differs(double v, const double *xb, int c, int *cols, float *vals,
                              int *d) {
    cols[*d] = c;
    vals[*d] = (float)v - (float)xb[c];
    *d += v != xb[c];
}

/* The columns in which the row of the end board now of the roller differs
   from the row xb of its board was (decoded in base): their numbers into cols,
   by how much (in float) into vals, how many returned; only the points whose
   counts differ are looked at (their unary columns from UNARY_CHANGE), then
   column 101 and 198.., the facing columns (208..) only when full (else
   only what a network blind to them reads: decisions PR5); now's side into
   other.  The figures are opponent_columns's (the pip and home counts are
   sums of small integers: exact). */
static int changes_from(const side *me, const side *base, const uint8_t *was,
                        const uint8_t *now, uint8_t mover_first, const double *xb, int full,
                        side *other, int *cols, float *vals) {
    *other = *base;
    int d = 0;
    int64_t pips = 0, home = 0;
    uint64_t w[2], v[2];
    memcpy(w, was, 16);
    memcpy(v, now, 16);
    for (int h = 0; h < 2; h++) {
        /* the nibbles (points) that differ, lowest first: changed points only */
        for (uint64_t x = w[h] ^ v[h]; x; ) {
            int q = __builtin_ctzll(x) >> 2, p = 16 * h + q;
            x &= ~((uint64_t)15 << (4 * q));
            if (p > 24) break;
            int a = (int)(w[h] >> (4 * q)) & 15, b = (int)(v[h] >> (4 * q)) & 15;
            other->n[p] = b;
            pips += (int64_t)p * (b - a);
            if (p <= 6) home += b - a;
            if (p == 0) continue;
            if (!a != !b)
                for (int m = 0; m < 4; m++) other->mask[m] ^= BITS[p][m];
            const unary_change *u = &UNARY_CHANGE[a][b];
            for (int t = 0; t < u->n; t++) {
                cols[d] = 102 + 4 * (p - 1) + u->q[t];
                vals[d++] = u->v[t];
            }
        }
    }
    other->pips = base->pips + (double)pips;
    other->home = base->home + (double)home;
    other->run = run_of(other->mask[0]);
    double y[N_INPUTS];  /* only 101 and 198.. written and read */
    side_scalars(other, y + 102);
    mixed_columns(me, other, mover_first, 0, y, full);
    if_differs(y[101], xb, 101, cols, vals, &d);
    for (int c = 102 + 96, end = full ? N_INPUTS : FACING; c < end; c++)
        if_differs(y[c], xb, c, cols, vals, &d);
    return d;
}

/* changes_from's list without the facing columns (d of them) completed: the
   facing columns of the mover against other that differ from xb's appended,
   in changes_from's order (the sums are the same, bit for bit) */
static int facing_changes(const side *mover, const side *other, const double *xb, int *cols,
                          float *vals, int d) {
    double f[12];
    facing(mover, other, f);
    facing(other, mover, f + 6);
    for (int c = 0; c < 12; c++) {
        cols[d] = FACING + c;
        vals[d] = (float)f[c] - (float)xb[FACING + c];
        d += f[c] != xb[FACING + c];
    }
    return d;
}

/* a board scored by the pruning network: its side and its changes (below FACING) */
typedef struct {
    side s;
    int d;
    int cols[1 + 4 * 24 + 10];
    float vals[1 + 4 * 24 + 10];
} scored;

/* the first layer's sums (before tanh) of the row (mover to move, facing the
   roller other, x its columns): own the mover's columns' (from b1), start all */
static void base_sums(const side *other, const double *x, const layers *net, float *own,
                      float *start) {
    int cols[N_INPUTS];
    float cvals[N_INPUTS];
    for (int64_t u = 0; u < net->h; u++) own[u] = net->b1[u];
    add_columns(x, 0, 101, net->w1t, net->h, own);
    sum_units(cols, cvals, opponent_nonzero(x, other, cols, cvals), net->w1t, net->h, own,
              start, 0);
}

#define MOST_KEEP 64

/* Positions i < n: the mover's packed board me[2i], me[2i + 1] (low, high 64
   bits), the opponent's opp[2i..], its first-turn flag opp_first[i]; the
   mover's first-turn flag me_first[i] (a position on its first turn gets
   status 1).  Rolls: k per position, rolls[2 (i k + r)], rolls[2 (i k + r) + 1]
   (d1 >= d2).  For each roll r of each position done (status[i] 0):
   out_boards[2 (i k + r)..] its best end board (low, high words),
   out_values[5 (i k + r)..] its estimate from the opponent's side.  The
   network as narde_forward's.
   With a pruning network (ph > 0: pw1t, pb1, pw2, pb2 as the network's,
   gnubg's pruning nets, decisions PR3 and PR5): a roll of more than keep
   (1..MOST_KEEP) boards has every board scored by it (the opponent's equity
   by its outputs; it reads no facing column, so they are not worked out),
   and only its keep best (the lowest; earlier boards first on ties) are
   valued by the network; the choice is the first of those with the lowest
   equity.  Each board is scored and valued at most once.
   Returns -1 when out of memory, else 0. */
int narde_best_turns(void *search_fn, int64_t n, const uint64_t *me, const uint8_t *me_first,
                     const uint64_t *opp, const uint8_t *opp_first, int k,
                     const int32_t *rolls, int koks, const float *w1t, const float *b1,
                     const float *w2, const float *b2, int64_t h, const float *pw1t,
                     const float *pb1, const float *pw2, const float *pb2, int64_t ph,
                     int keep, uint64_t *out_boards, float *out_values, int8_t *status) {
    rolls_search gen = (rolls_search)search_fn;
    const layers net = {w1t, b1, w2, b2, h}, pnet = {pw1t, pb1, pw2, pb2, ph};
    uint64_t *boards = malloc(sizeof(uint64_t) * 2 * MOST_BOARDS);
    int32_t *rows = malloc(sizeof(int32_t) * MOST_BOARDS);
    int32_t *counts = malloc(sizeof(int32_t) * (size_t)(k > 0 ? k : 1));
    int32_t *spec = malloc(sizeof(int32_t) * 3 * (size_t)(k > 0 ? k : 1));
    float *vals = malloc(sizeof(float) * 5 * MOST_BOARDS);
    double *eqs = malloc(sizeof(double) * MOST_BOARDS);
    double *peqs = malloc(sizeof(double) * MOST_BOARDS);
    uint8_t *done = malloc(MOST_BOARDS);  /* bit 1: valued, bit 2: scored */
    int ok = boards && rows && counts && spec && vals && eqs && peqs && done;
    if (keep < 1) keep = 1;
    if (keep > MOST_KEEP) keep = MOST_KEEP;
    /* the outputs a row's equity needs (the koks outputs only under koks); the
       rest only for the board chosen, from its hidden layer kept in hid */
    const int ranked = koks ? 5 : 3;
    float *hid = NULL;
    size_t hid_size = 0;
    scored *kept = NULL;  /* for each board scored, what its valuing reuses */
    int64_t kept_size = 0;
    /* the pruning net's output layer as output_sums takes it; a roll's boards
       scored together: their output sums and numbers */
    float *pw2t = ph > 0 ? malloc(sizeof(float) * (size_t)(ph * BLOCK)) : NULL, pb2v[BLOCK];
    float *sums = malloc(sizeof(float) * BLOCK * MOST_BOARDS);
    int32_t *news = malloc(sizeof(int32_t) * MOST_BOARDS);
    if (!(sums && news) || (ph > 0 && !pw2t)) ok = 0;
    if (ok && ph > 0) lanes_of_outputs(pw2, pb2, ph, pw2t, pb2v);
    side mover, other;
    double x[N_INPUTS], xb[N_INPUTS];
    float own[512], start[512], pown[512], pstart[512], pacc[512], cvals[N_INPUTS];
    int cols[N_INPUTS];
    int top[MOST_KEEP];
    for (int64_t i = 0; ok && i < n; i++) {
        status[i] = 1;
        if (me_first[i]) continue;
        uint64_t mw[2] = {me[2 * i], me[2 * i + 1]}, ow[2] = {opp[2 * i], opp[2 * i + 1]};
        uint8_t oraw[16];
        memcpy(oraw, ow, 16);
        if ((oraw[0] & 15) == 15) continue;  /* the game is over */
        int floor = (int)(mw[1] >> 32) - 1;  /* step.head_floor off the first turn: head - 1 */
        for (int r = 0; r < k; r++) {
            spec[3 * r] = rolls[2 * (i * k + r)];
            spec[3 * r + 1] = rolls[2 * (i * k + r) + 1];
            spec[3 * r + 2] = floor;
        }
        int m = gen(mw[0], mw[1], ow[0], ow[1], k, spec, MOST_BOARDS, boards, rows, counts);
        if (m < 0) {
            status[i] = -1;
            continue;
        }
        int opp_home = all_home(oraw), exact = 0;
        for (int j = 0; j < m && !exact; j++) {
            const uint8_t *b = (const uint8_t *)(boards + 2 * j);
            exact = (b[0] & 15) == 15 || (opp_home && all_home(b));
        }
        if (exact) continue;
        if ((size_t)m * (size_t)h > hid_size) {  /* the hidden layer of every row */
            free(hid);
            hid_size = (size_t)m * (size_t)h;
            hid = malloc(sizeof(float) * hid_size);
            if (!hid) {
                ok = 0;
                break;
            }
        }
        if (ph > 0 && m > kept_size) {
            free(kept);
            kept_size = m;
            kept = malloc(sizeof(scored) * (size_t)m);
            if (!kept) {
                ok = 0;
                break;
            }
        }
        /* the opponent is the side to move of every row: its sums once; the
           roller's board before the roll: its columns and its hidden sums
           (before tanh) once; each end board adds only the columns that differ
           (gnubg's evaluation from a base, decisions K6) */
        decode(oraw, &mover);
        side_columns(&mover, x);
        uint8_t mraw[16];
        memcpy(mraw, mw, 16);
        opponent_columns(&mover, mraw, opp_first[i], 0, &other, x);
        memcpy(xb, x, sizeof(x));
        base_sums(&other, x, &net, own, start);
        if (ph > 0) base_sums(&other, x, &pnet, pown, pstart);
        const side base = other;
        memset(done, 0, (size_t)m);
        int at = 0;
        for (int r = 0; r < k; r++) {
            const int32_t *seg = rows + at;
            int c = counts[r], pruned = ph > 0 && c > keep;
            at += c;
            if (pruned) {
                /* the boards not scored yet: their output sums, then their
                   logistics in a loop of their own (their latencies overlap) */
                int fresh = 0;
                for (int t = 0; t < c; t++) {
                    int j = seg[t];
                    if (done[j] & 2) continue;
                    scored *sc = kept + j;
                    sc->d = changes_from(&mover, &base, mraw, (const uint8_t *)(boards + 2 * j),
                                         opp_first[i], xb, 0, &sc->s, sc->cols, sc->vals);
                    sum_units(sc->cols, sc->vals, sc->d, pw1t, ph, pstart, pacc, 1);
                    output_sums(pacc, pw2t, pb2v, ph, sums + fresh * BLOCK);
                    news[fresh++] = j;
                    done[j] |= 2;
                }
                for (int f = 0; f < fresh; f++) {
                    logistics(sums + f * BLOCK);
                    peqs[news[f]] = equity_of(sums + f * BLOCK, koks);
                }
                int t_n = 0;
                for (int t = 0; t < c; t++) {  /* the keep lowest scores, ties: earlier first */
                    int j = seg[t];
                    if (t_n == keep && !(peqs[j] < peqs[seg[top[keep - 1]]])) continue;
                    int q = t_n < keep ? t_n++ : keep - 1;
                    for (; q > 0 && peqs[j] < peqs[seg[top[q - 1]]]; q--) top[q] = top[q - 1];
                    top[q] = t;
                }
            }
            /* the candidates not valued yet: their hidden layers (kept) and
               output sums, then their logistics in a loop of their own */
            int fresh = 0;
            for (int q = 0; q < (pruned ? keep : c); q++) {
                int j = seg[pruned ? top[q] : q];
                if (!(done[j] & 1)) {
                    int d;
                    if (done[j] & 2) {  /* scored: its columns but the facing ones known */
                        const scored *sc = kept + j;
                        memcpy(cols, sc->cols, sizeof(int) * (size_t)sc->d);
                        memcpy(cvals, sc->vals, sizeof(float) * (size_t)sc->d);
                        d = facing_changes(&mover, &sc->s, xb, cols, cvals, sc->d);
                    } else {
                        d = changes_from(&mover, &base, mraw, (const uint8_t *)(boards + 2 * j),
                                         opp_first[i], xb, 1, &other, cols, cvals);
                    }
                    float *a = hid + (int64_t)j * h;
                    sum_units(cols, cvals, d, w1t, h, start, a, 1);
                    output_dots(a, w2, b2, h, 0, ranked, sums + fresh * BLOCK);
                    news[fresh++] = j;
                    done[j] |= 1;
                }
            }
            for (int f = 0; f < fresh; f++) {
                logistics(sums + f * BLOCK);
                memcpy(vals + 5 * news[f], sums + f * BLOCK, sizeof(float) * (size_t)ranked);
                eqs[news[f]] = equity_of(sums + f * BLOCK, koks);
            }
            int best = -1;
            for (int q = 0; q < (pruned ? keep : c); q++) {
                int t = pruned ? top[q] : q, j = seg[t];
                if (best < 0 || eqs[j] < eqs[seg[best]] || (eqs[j] == eqs[seg[best]] && t < best))
                    best = t;
            }
            int64_t o = i * k + r;
            int j = seg[best];
            output_range(hid + (int64_t)j * h, w2, b2, h, ranked, 5, vals + 5 * j);
            out_boards[2 * o] = boards[2 * j];
            out_boards[2 * o + 1] = boards[2 * j + 1];
            memcpy(out_values + 5 * o, vals + 5 * j, 5 * sizeof(float));
        }
        status[i] = 0;
    }
    free(boards);
    free(rows);
    free(counts);
    free(spec);
    free(vals);
    free(eqs);
    free(peqs);
    free(done);
    free(hid);
    free(kept);
    free(pw2t);
    free(sums);
    free(news);
    return ok ? 0 : -1;
}
