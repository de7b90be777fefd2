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

static int popcount24(int64_t b) {
    int c = 0;
    for (; b; b &= b - 1) c++;
    return c;
}

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
    for (int i = 0; i < 24; i++) {  /* path position i: own point 24 - i */
        int c = x->n[24 - i];
        if (!c) continue;
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

/* Columns 101 and 203..219 of x: those that mix both sides */
static void mixed_columns(const side *me, const side *opp, uint8_t mover_first,
                          uint8_t other_first, double *x) {
    x[101] = ahead_of(me, opp);
    x[203] = ahead_of(opp, me);
    x[204] = (opp->pips - me->pips) / 100.0;
    x[205] = ((opp->mask[3] & below_highest(me->mask[2]))
              | (me->mask[3] & below_highest(opp->mask[2]))) != 0;
    x[206] = mover_first != 0;
    x[207] = other_first != 0;
    facing(me, opp, x + FACING);
    facing(opp, me, x + FACING + 6);
}

/* Columns 101..219 of x (opponent_columns's) for the opponent's board now,
   from its board was (decoded in base, x holding its columns 102..): only the
   points whose counts differ are decoded and written (their numbers into
   points, how many returned); the figures are opponent_columns's, bit for bit
   (the pip count and home count are sums of small integers: exact). Call
   restore_points before the next row. */
static int opponent_columns_from(const side *me, const side *base, const uint8_t *was,
                                 const uint8_t *now, uint8_t mover_first, side *opp,
                                 double *x, int *points) {
    *opp = *base;
    int k = 0;
    int64_t pips = 0, home = 0;
    for (int j = 0; j < 13; j++) {
        if (was[j] == now[j]) continue;
        for (int half = 0; half < 2; half++) {
            int p = 2 * j + half;
            int a = half ? was[j] >> 4 : was[j] & 15, b = half ? now[j] >> 4 : now[j] & 15;
            if (p > 24 || a == b) continue;
            opp->n[p] = b;
            pips += (int64_t)p * (b - a);
            if (p <= 6) home += b - a;
            if (p == 0) continue;
            if (!a != !b)
                for (int m = 0; m < 4; m++) opp->mask[m] ^= BITS[p][m];
            points[k++] = p;
            memcpy(x + 102 + 4 * (p - 1), UNARY[b], sizeof(UNARY[0]));
        }
    }
    opp->pips = base->pips + (double)pips;
    opp->home = base->home + (double)home;
    opp->run = run_of(opp->mask[0]);
    side_scalars(opp, x + 102);
    mixed_columns(me, opp, mover_first, 0, x);
    return k;
}

/* x's unary columns of points (k of them) back to the base's, from xb */
static void restore_points(double *x, const double *xb, const int *points, int k) {
    for (int t = 0; t < k; t++) {
        int c = 102 + 4 * (points[t] - 1);
        memcpy(x + c, xb + c, sizeof(UNARY[0]));
    }
}

/* Columns 101..219 of x, the ones that depend on the opponent: decodes its
   board other into opp (the mover's columns 0..100 are left as they are) */
static void opponent_columns(const side *me, const uint8_t *other, uint8_t mover_first,
                             uint8_t other_first, side *opp, double *x) {
    decode(other, opp);
    side_columns(opp, x + 102);
    mixed_columns(me, opp, mover_first, other_first, x);
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
    float d = 1.0f + e, below = 1.0f / d, above = e / d;  /* both: a select, not a branch */
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

/* column c into the list (cols, vals at *d) when x's and xb's differ, by their
   difference in float; branch-free (the columns differ at random) */
static inline void if_changed(const double *x, const double *xb, int c, int *cols, float *vals,
                              int *d) {
    cols[*d] = c;
    vals[*d] = (float)x[c] - (float)xb[c];
    *d += x[c] != xb[c];
}

/* the columns 101.. in which the row x (the opponent's board now) differs
   from the base xb (its board was): the unary columns of the k points whose
   counts differ (opponent_columns_from's), column 101 and 198..; returns how
   many */
static int changed_columns(const double *x, const double *xb, const int *points, int k,
                           int *cols, float *vals) {
    int d = 0;
    if_changed(x, xb, 101, cols, vals, &d);
    for (int t = 0; t < k; t++)
        for (int c = 102 + 4 * (points[t] - 1); c < 102 + 4 * points[t]; c++)
            if_changed(x, xb, c, cols, vals, &d);
    for (int c = 102 + 96; c < N_INPUTS; c++) if_changed(x, xb, c, cols, vals, &d);
    return d;
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

/* out[o] for o in [from, to) = the logistic of b2 + w2 acc; each sum in BLOCK
   lanes (the lanes vectorise), then across them */
__attribute__((target_clones("avx2", "default")))
static void output_range(const float *acc, const float *w2, const float *b2, int64_t h,
                         int from, int to, float *out) {
    for (int o = from; o < to; o++) {
        const float *w = w2 + (int64_t)o * h;
        lanes lane = {0};
        for (int64_t j = 0; j < h; j += BLOCK) lane += load_lanes(w + j) * load_lanes(acc + j);
        float s = b2[o];
        for (int u = 0; u < BLOCK; u++) s += lane[u];
        out[o] = logistic_f(s);
    }
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

/* Positions i < n: the mover's packed board me[2i], me[2i + 1] (low, high 64
   bits), the opponent's opp[2i..], its first-turn flag opp_first[i]; the
   mover's first-turn flag me_first[i] (a position on its first turn gets
   status 1).  Rolls: k per position, rolls[2 (i k + r)], rolls[2 (i k + r) + 1]
   (d1 >= d2).  For each roll r of each position done (status[i] 0):
   out_boards[2 (i k + r)..] its best end board (low, high words),
   out_values[5 (i k + r)..] its estimate from the opponent's side.  The
   network as narde_forward's.  Returns -1 when out of memory, else 0. */
int narde_best_turns(void *search_fn, int64_t n, const uint64_t *me, const uint8_t *me_first,
                     const uint64_t *opp, const uint8_t *opp_first, int k,
                     const int32_t *rolls, int koks, const float *w1t, const float *b1,
                     const float *w2, const float *b2, int64_t h, uint64_t *out_boards,
                     float *out_values, int8_t *status) {
    rolls_search gen = (rolls_search)search_fn;
    uint64_t *boards = malloc(sizeof(uint64_t) * 2 * MOST_BOARDS);
    int32_t *rows = malloc(sizeof(int32_t) * MOST_BOARDS);
    int32_t *counts = malloc(sizeof(int32_t) * (size_t)(k > 0 ? k : 1));
    int32_t *spec = malloc(sizeof(int32_t) * 3 * (size_t)(k > 0 ? k : 1));
    float *vals = malloc(sizeof(float) * 5 * MOST_BOARDS);
    double *eqs = malloc(sizeof(double) * MOST_BOARDS);
    int ok = boards && rows && counts && spec && vals && eqs;
    /* the outputs a row's equity needs (the koks outputs only under koks); the
       rest only for the board chosen, from its hidden layer kept in hid */
    const int ranked = koks ? 5 : 3;
    float *hid = NULL;
    size_t hid_size = 0;
    side mover, other;
    double x[N_INPUTS], xb[N_INPUTS];
    float own[512], start[512], cvals[N_INPUTS];
    int cols[N_INPUTS];
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
        /* the opponent is the side to move of every row: its sums once */
        decode(oraw, &mover);
        side_columns(&mover, x);
        for (int64_t u = 0; u < h; u++) own[u] = b1[u];
        add_columns(x, 0, 101, w1t, h, own);
        /* the roller's board before the roll: its columns and its hidden sums
           (before tanh) once; each end board adds only the columns that differ
           (gnubg's evaluation from a base, decisions K6) */
        uint8_t mraw[16];
        memcpy(mraw, mw, 16);
        opponent_columns(&mover, mraw, opp_first[i], 0, &other, x);
        memcpy(xb, x, sizeof(x));
        sum_units(cols, cvals, opponent_nonzero(x, &other, cols, cvals), w1t, h, own, start, 0);
        side base = other;
        for (int j = 0; j < m; j++) {
            int pts[24];
            int np = opponent_columns_from(&mover, &base, mraw, (const uint8_t *)(boards + 2 * j),
                                           opp_first[i], &other, x, pts);
            int d = changed_columns(x, xb, pts, np, cols, cvals);
            restore_points(x, xb, pts, np);
            float *a = hid + (int64_t)j * h;  /* kept: the koks outputs of the chosen */
            sum_units(cols, cvals, d, w1t, h, start, a, 1);
            output_range(a, w2, b2, h, 0, ranked, vals + 5 * j);
            eqs[j] = equity_of(vals + 5 * j, koks);
        }
        int at = 0;
        for (int r = 0; r < k; r++) {
            int best = rows[at];
            for (int t = 1; t < counts[r]; t++)
                if (eqs[rows[at + t]] < eqs[best]) best = rows[at + t];
            at += counts[r];
            int64_t o = i * k + r;
            output_range(hid + (int64_t)best * h, w2, b2, h, ranked, 5, vals + 5 * best);
            out_boards[2 * o] = boards[2 * best];
            out_boards[2 * o + 1] = boards[2 * best + 1];
            memcpy(out_values + 5 * o, vals + 5 * best, 5 * sizeof(float));
        }
        status[i] = 0;
    }
    free(boards);
    free(rows);
    free(counts);
    free(spec);
    free(vals);
    free(eqs);
    free(hid);
    return ok ? 0 : -1;
}
