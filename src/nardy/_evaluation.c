/* The optional compiled encoder of the bot: network inputs and position classes.
 *
 * It computes exactly what Encoder, Features and classify of nardy.bot.evaluation (the
 * encoding, features and model modules) compute with numpy (the tests compare them row by
 * row), for a batch of positions at once, with no knowledge of any variant: the caller passes
 * the opponent's numbering (which roller point each opponent point is) and whether hits exist.
 *
 * cells: N x 30 int64 (the layout of nardy.rules.cells), C-contiguous.
 * inputs(cells, n, opponent_points, hits, features, flipped, out[, extended]): writes N rows
 *   of 200 raw inputs (+ 16 features when `features`, 28 when `extended` too) as float32 or
 *   float64 (by out's item size).
 * classify(cells, n, opponent_points, out): writes N int64 classes, 0 contact and 1 race.
 * affine(x, n, w, b, out[, kernel]): out = x @ w + b for N rows of float32 inputs, skipping
 *   the zero inputs of each row. A network's raw inputs are mostly zero (about six in seven
 *   in backgammon), so the first layer costs about half of what a dense product does; with
 *   AVX-512 or AVX2 (the widest this CPU has, unless `kernel` names one of
 *   affine_kernels()) a row's sums stay in registers.
 *
 * It stays in one file because it is one extension module, `nardy._evaluation`: the encoder
 * and the first layer it feeds share the module's buffer checks and its build.
 *
 * Copyright the nardy authors. AGPL-3.0-or-later.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SIZE 30
#define OFF 0
#define BAR 25
#define RESERVE 26
#define OPP_OFF 27
#define OPP_BAR 28
#define OPP_RESERVE 29
#define SIDE 100
#define RAW 200
#define PER_SIDE 8
#define EXTENDED_PER_SIDE 14

static double escapes[1 << 12];

static void build_escapes(void) {
    for (int window = 0; window < (1 << 12); window++) {
        int blocked[25] = {0};
        int last = 0;
        for (int j = 0; j < 12; j++) {
            if (window >> j & 1) {
                blocked[12 - j] = 1;
                if (12 - j > last) last = 12 - j;
            }
        }
        if (!last) { escapes[window] = 1.0; continue; }
        int count = 0;
        for (int a = 1; a <= 6; a++) {
            for (int b = 1; b <= 6; b++) {
                int reach = 0;
                if (a == b) {
                    int d = 0;
                    for (int k = 0; k < 4; k++) {
                        d += a;
                        if (d <= 24 && blocked[d]) break;
                        reach = d;
                    }
                } else {
                    if (!blocked[a] && a > reach) reach = a;
                    if (!blocked[b] && b > reach) reach = b;
                    if (!blocked[a + b] && (!blocked[a] || !blocked[b]) && a + b > reach)
                        reach = a + b;
                }
                count += reach > last;
            }
        }
        escapes[window] = count / 36.0;
    }
}

static int popcount(uint64_t x) { return __builtin_popcountll(x); }

static int longest_run(uint64_t bits) {
    bits &= 0x1FFFFFEULL; /* points 1..24 */
    int run = 0;
    while (bits) { run++; bits &= bits >> 1; }
    return run;
}

static int highest_bit(uint64_t x) { return x ? 63 - __builtin_clzll(x) : 0; }

/* The share of the 36 rolls that hit a blot, and the pips the costliest hit of each roll
 * takes from the other side (the hitter's point), summed over the 36 rolls. */
static double shots(uint64_t hitters, uint64_t blots, uint64_t open, int *pip_total) {
    int count = 0, pips = 0;
    for (int a = 1; a <= 6; a++) {
        for (int b = a; b <= 6; b++) {
            uint64_t hit;
            if (a == b) {
                uint64_t h1 = hitters >> a, h2 = (h1 & open) >> a, h3 = (h2 & open) >> a,
                         h4 = (h3 & open) >> a;
                hit = (h1 | h2 | h3 | h4) & blots;
                count += hit != 0;
                pips += highest_bit(hit);
            } else {
                uint64_t ha = hitters >> a, hb = hitters >> b;
                hit = ((ha | hb) & blots) | ((((ha & open) >> b) | ((hb & open) >> a)) & blots);
                count += 2 * (hit != 0);
                pips += 2 * highest_bit(hit);
            }
        }
    }
    *pip_total = pips;
    return count / 36.0;
}

/* One side's counts in its own numbering: own[p], other[p] for p = 1..24, out. */
typedef struct { int own[25]; int other[25]; int out; int other_out; int off; } Side;

static void sides(const int64_t *c, const int *opp, Side *roller, Side *opponent) {
    for (int p = 1; p <= 24; p++) {
        int v = (int)c[p];
        roller->own[p] = v > 0 ? v : 0;
        roller->other[p] = v < 0 ? -v : 0;
        int w = (int)c[opp[p - 1]];
        opponent->own[p] = w < 0 ? -w : 0;
        opponent->other[p] = w > 0 ? w : 0;
    }
    roller->out = (int)(c[BAR] + c[RESERVE]);
    opponent->out = (int)(c[OPP_BAR] + c[OPP_RESERVE]);
    roller->other_out = opponent->out;
    opponent->other_out = roller->out;
}

static int rearmost(const Side *s) {
    if (s->out > 0) return 25;
    for (int p = 24; p >= 1; p--) if (s->own[p] > 0) return p;
    return 0;
}

static int foremost_other(const Side *s) {
    for (int p = 1; p <= 24; p++) if (s->other[p] > 0) return p;
    return 25;
}

#define PUT(i, v) do { if (f32) ((float *)row)[i] = (float)(v); else ((double *)row)[i] = (v); } while (0)

static void raw_side(const int64_t *c, const Side *s, int bar, int reserve, int off,
                     void *row, int f32, int start) {
    double pips = 0;
    for (int p = 1; p <= 24; p++) {
        int n = s->own[p];
        int i = start + 4 * (p - 1);
        PUT(i, n >= 1 ? 1.0 : 0.0);
        PUT(i + 1, n >= 2 ? 1.0 : 0.0);
        PUT(i + 2, n >= 3 ? 1.0 : 0.0);
        PUT(i + 3, n > 3 ? (n - 3) / 2.0 : 0.0);
        pips += (double)p * n;
    }
    PUT(start + 96, c[bar] / 2.0);
    PUT(start + 97, c[reserve] / 15.0);
    PUT(start + 98, c[off] / 15.0);
    PUT(start + 99, (pips + 25.0 * (double)(c[bar] + c[reserve])) / 200.0);
}

static void feature_side(const Side *s, int hold, int hits, int extended, void *row, int f32,
                         int start) {
    uint64_t held = 0, blocked = 0, present = 0, blots = 0;
    int singles = 0, back_count = 0;
    for (int p = 1; p <= 24; p++) {
        if (s->own[p] >= hold) held |= 1ULL << p;
        if (s->other[p] >= hold) blocked |= 1ULL << p;
        if (s->own[p] >= 1) present |= 1ULL << p;
        if (s->other[p] == 1) blots |= 1ULL << p;
        if (s->own[p] == 1) singles++;
        if (p >= 19) back_count += s->own[p];
    }
    if (s->out > 0) present |= 1ULL << 25;
    int back = rearmost(s);
    int pip_total = 0;
    PUT(start + 0, singles / 6.0);
    PUT(start + 1, hits ? shots(present, blots, ~blocked, &pip_total) : 0.0);
    PUT(start + 2, popcount(held & 0x7EULL) / 6.0);
    PUT(start + 3, popcount(held & (0x3FULL << 19)) / 6.0);
    PUT(start + 4, longest_run(held) / 6.0);
    PUT(start + 5, escapes[((blocked << 12) >> back) & 0xFFF]);
    PUT(start + 6, (back_count + s->out) / 15.0);
    PUT(start + 7, longest_run(blocked & ((1ULL << back) - 1)) / 6.0);
    if (!extended) return;
    int closed = popcount(blocked & (0x3FULL << 19));
    PUT(start + 8, closed * closed / 36.0);
    PUT(start + 9, pip_total / 864.0);
    uint64_t far = held & (0x3FULL << 19);
    PUT(start + 10, far ? (25 - highest_bit(far & -far)) / 6.0 : 0.0);
    int last = s->other_out > 0 ? 0 : foremost_other(s);
    int behind = 0;
    for (int p = last + 1; p <= 24; p++) behind += s->own[p] * (p - last);
    if (last < 25) behind += s->out * (25 - last);
    PUT(start + 11, behind / 152.0);
    int moves = 0;
    for (int d = 1; d <= 6; d++)
        moves += popcount(present & ~(blocked << d) & ~((1ULL << (d + 1)) - 1));
    PUT(start + 12, moves / 60.0);
    double least = 1.0;
    for (int p = 15; p <= 24; p++) {
        double e = escapes[((blocked << 12) >> p) & 0xFFF];
        if (e < least) least = e;
    }
    PUT(start + 13, 1.0 - least);
}

static int read_points(PyObject *seq, int *opp) {
    Py_buffer view;
    if (PyObject_GetBuffer(seq, &view, PyBUF_CONTIG_RO) < 0) return -1;
    if (view.len != 24 * (Py_ssize_t)sizeof(int64_t)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "opponent_points must be 24 int64");
        return -1;
    }
    const int64_t *v = view.buf;
    for (int i = 0; i < 24; i++) {
        if (v[i] < 1 || v[i] > 24) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "opponent_points must name points 1..24");
            return -1;
        }
        opp[i] = (int)v[i];
    }
    PyBuffer_Release(&view);
    return 0;
}

static PyObject *inputs(PyObject *self, PyObject *args) {
    Py_buffer cells, out;
    Py_ssize_t n;
    PyObject *points;
    int hits, features, flipped, extended = 0;
    if (!PyArg_ParseTuple(args, "y*nOpppw*|p", &cells, &n, &points, &hits, &features, &flipped,
                          &out, &extended))
        return NULL;
    int opp[24];
    int per = extended ? EXTENDED_PER_SIDE : PER_SIDE;
    int width = RAW + (features ? 2 * per : 0);
    int f32 = out.itemsize == 4 || (out.format && out.format[0] == 'f');
    Py_ssize_t item = f32 ? 4 : 8;
    if (read_points(points, opp) < 0) goto fail;
    if (cells.len < n * SIZE * (Py_ssize_t)sizeof(int64_t) || out.len < n * width * item) {
        PyErr_SetString(PyExc_ValueError, "buffers too small for n rows");
        goto fail;
    }
    int hold = hits ? 2 : 1;
    for (Py_ssize_t r = 0; r < n; r++) {
        const int64_t *c = (const int64_t *)cells.buf + r * SIZE;
        char *row = (char *)out.buf + r * width * item;
        Side roller, opponent;
        sides(c, opp, &roller, &opponent);
        int first = flipped ? SIDE : 0, second = flipped ? 0 : SIDE;
        raw_side(c, &roller, BAR, RESERVE, OFF, row, f32, first);
        raw_side(c, &opponent, OPP_BAR, OPP_RESERVE, OPP_OFF, row, f32, second);
        if (features) {
            int ff = RAW + (flipped ? per : 0), fs = RAW + (flipped ? 0 : per);
            feature_side(&roller, hold, hits, extended, row, f32, ff);
            feature_side(&opponent, hold, hits, extended, row, f32, fs);
        }
    }
    PyBuffer_Release(&cells);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&cells);
    PyBuffer_Release(&out);
    return NULL;
}

static PyObject *classify(PyObject *self, PyObject *args) {
    Py_buffer cells, out;
    Py_ssize_t n;
    PyObject *points;
    if (!PyArg_ParseTuple(args, "y*nOw*", &cells, &n, &points, &out)) return NULL;
    int opp[24];
    if (read_points(points, opp) < 0) goto fail;
    if (cells.len < n * SIZE * (Py_ssize_t)sizeof(int64_t) ||
        out.len < n * (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "buffers too small for n rows");
        goto fail;
    }
    for (Py_ssize_t r = 0; r < n; r++) {
        const int64_t *c = (const int64_t *)cells.buf + r * SIZE;
        Side roller, opponent;
        sides(c, opp, &roller, &opponent);
        int contact = rearmost(&roller) > foremost_other(&roller) ||
                      rearmost(&opponent) > foremost_other(&opponent);
        ((int64_t *)out.buf)[r] = contact ? 0 : 1;
    }
    PyBuffer_Release(&cells);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&cells);
    PyBuffer_Release(&out);
    return NULL;
}

/* out[r] = b + sum of x[r][j] * w[j] over the j with x[r][j] != 0: `active` lists those j and
 * `value` their inputs, for one row; the sums of units [c, c + CHUNK) are kept in registers. */
typedef void (*affine_row_fn)(const int *active, const float *value, int m, const float *w,
                              const float *b, Py_ssize_t h, float *out);

static void affine_row_plain(const int *active, const float *value, int m, const float *w,
                             const float *b, Py_ssize_t h, float *out) {
    memcpy(out, b, (size_t)h * sizeof(float));
    for (int i = 0; i < m; i++) {
        const float *wj = w + (Py_ssize_t)active[i] * h;
        float v = value[i];
        for (Py_ssize_t u = 0; u < h; u++) out[u] += v * wj[u];
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_WIDE 1

__attribute__((target("avx512f"))) static void affine_row_avx512(
    const int *active, const float *value, int m, const float *w, const float *b,
    Py_ssize_t h, float *out) {
    Py_ssize_t c = 0;
    for (; c + 128 <= h; c += 128) {
        __m512 a[8];
        for (int k = 0; k < 8; k++) a[k] = _mm512_loadu_ps(b + c + 16 * k);
        for (int i = 0; i < m; i++) {
            const float *wj = w + (Py_ssize_t)active[i] * h + c;
            __m512 v = _mm512_set1_ps(value[i]);
            for (int k = 0; k < 8; k++) a[k] = _mm512_fmadd_ps(v, _mm512_loadu_ps(wj + 16 * k), a[k]);
        }
        for (int k = 0; k < 8; k++) _mm512_storeu_ps(out + c + 16 * k, a[k]);
    }
    for (; c + 16 <= h; c += 16) {
        __m512 a = _mm512_loadu_ps(b + c);
        for (int i = 0; i < m; i++)
            a = _mm512_fmadd_ps(_mm512_set1_ps(value[i]),
                                _mm512_loadu_ps(w + (Py_ssize_t)active[i] * h + c), a);
        _mm512_storeu_ps(out + c, a);
    }
    for (; c < h; c++) {
        float a = b[c];
        for (int i = 0; i < m; i++) a += value[i] * w[(Py_ssize_t)active[i] * h + c];
        out[c] = a;
    }
}

__attribute__((target("avx2,fma"))) static void affine_row_avx2(
    const int *active, const float *value, int m, const float *w, const float *b,
    Py_ssize_t h, float *out) {
    Py_ssize_t c = 0;
    for (; c + 64 <= h; c += 64) {
        __m256 a[8];
        for (int k = 0; k < 8; k++) a[k] = _mm256_loadu_ps(b + c + 8 * k);
        for (int i = 0; i < m; i++) {
            const float *wj = w + (Py_ssize_t)active[i] * h + c;
            __m256 v = _mm256_set1_ps(value[i]);
            for (int k = 0; k < 8; k++) a[k] = _mm256_fmadd_ps(v, _mm256_loadu_ps(wj + 8 * k), a[k]);
        }
        for (int k = 0; k < 8; k++) _mm256_storeu_ps(out + c + 8 * k, a[k]);
    }
    for (; c + 8 <= h; c += 8) {
        __m256 a = _mm256_loadu_ps(b + c);
        for (int i = 0; i < m; i++)
            a = _mm256_fmadd_ps(_mm256_set1_ps(value[i]),
                                _mm256_loadu_ps(w + (Py_ssize_t)active[i] * h + c), a);
        _mm256_storeu_ps(out + c, a);
    }
    for (; c < h; c++) {
        float a = b[c];
        for (int i = 0; i < m; i++) a += value[i] * w[(Py_ssize_t)active[i] * h + c];
        out[c] = a;
    }
}
#endif

/* The row kernels this machine can run, widest last; affine() uses the widest unless told. */
static const char *affine_names[3];
static affine_row_fn affine_fns[3];
static int affine_count;

static void choose_affine(void) {
    affine_names[0] = "plain";
    affine_fns[0] = affine_row_plain;
    affine_count = 1;
#ifdef HAVE_WIDE
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        affine_names[affine_count] = "avx2";
        affine_fns[affine_count++] = affine_row_avx2;
    }
    if (__builtin_cpu_supports("avx512f")) {
        affine_names[affine_count] = "avx512";
        affine_fns[affine_count++] = affine_row_avx512;
    }
#endif
}

static PyObject *affine_kernels(PyObject *self, PyObject *unused) {
    PyObject *names = PyTuple_New(affine_count);
    if (!names) return NULL;
    for (int i = 0; i < affine_count; i++) {
        PyObject *name = PyUnicode_FromString(affine_names[i]);
        if (!name) {
            Py_DECREF(names);
            return NULL;
        }
        PyTuple_SET_ITEM(names, i, name);
    }
    return names;
}

static int float32_buffer(Py_buffer *view, const char *name) {
    if (view->itemsize != 4 || (view->format && view->format[0] != 'f')) {
        PyErr_Format(PyExc_TypeError, "%s must be float32", name);
        return -1;
    }
    return 0;
}

static PyObject *affine(PyObject *self, PyObject *args) {
    Py_buffer x, w, b, out;
    Py_ssize_t n;
    const char *kernel = NULL;
    if (!PyArg_ParseTuple(args, "y*ny*y*w*|s", &x, &n, &w, &b, &out, &kernel)) return NULL;
    PyObject *result = NULL;
    int *active = NULL;
    float *value = NULL;
    affine_row_fn affine_row = affine_fns[affine_count - 1];
    if (kernel) {
        affine_row = NULL;
        for (int i = 0; i < affine_count; i++)
            if (strcmp(kernel, affine_names[i]) == 0) affine_row = affine_fns[i];
        if (!affine_row) {
            PyErr_Format(PyExc_ValueError, "no row kernel %s on this machine", kernel);
            goto done;
        }
    }
    Py_ssize_t h = b.len / 4, k = h ? w.len / 4 / h : 0;
    if (float32_buffer(&x, "x") < 0 || float32_buffer(&w, "w") < 0 ||
        float32_buffer(&b, "b") < 0 || float32_buffer(&out, "out") < 0)
        goto done;
    if (n < 0 || h == 0 || w.len != k * h * 4 || x.len != n * k * 4 || out.len != n * h * 4) {
        PyErr_SetString(PyExc_ValueError, "x, w, b and out do not fit n rows of x @ w + b");
        goto done;
    }
    active = PyMem_Malloc((size_t)(k ? k : 1) * sizeof(int));
    value = PyMem_Malloc((size_t)(k ? k : 1) * sizeof(float));
    if (!active || !value) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t r = 0; r < n; r++) {
        const float *row = (const float *)x.buf + r * k;
        int m = 0;
        for (Py_ssize_t j = 0; j < k; j++)
            if (row[j] != 0.0f) {
                active[m] = (int)j;
                value[m++] = row[j];
            }
        affine_row(active, value, m, w.buf, b.buf, h, (float *)out.buf + r * h);
    }
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(active);
    PyMem_Free(value);
    PyBuffer_Release(&x);
    PyBuffer_Release(&w);
    PyBuffer_Release(&b);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"inputs", inputs, METH_VARARGS, "Network inputs of a batch of positions."},
    {"classify", classify, METH_VARARGS, "Contact (0) or race (1) for a batch of positions."},
    {"affine", affine, METH_VARARGS, "x @ w + b over the non-zero inputs of each row (float32)."},
    {"affine_kernels", affine_kernels, METH_NOARGS, "The row kernels affine() can use here."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_evaluation",
                                    "The bot's compiled encoder.", -1, methods};

PyMODINIT_FUNC PyInit__evaluation(void) {
    build_escapes();
    choose_affine();
    return PyModule_Create(&module);
}
