/* nardy._movegen: the compiled legal-play generator.
 *
 * Copyright the nardy authors. GNU Affero General Public License, version 3 or later.
 *
 * This is a transcription of the pure-Python generator in nardy/rules/plays.py, which stays the
 * readable reference: the same level-by-level search over single-die steps, the same order of
 * steps, the same "first sequence found wins" dedupe of intermediate positions and the same
 * maximum-dice rule (RULES.md C3). Given the same position it returns the same final positions,
 * in the same order, each with the same steps.
 *
 * The rules of a variant are not named here. Each variant describes itself with a
 * nardy.rules.kernel.KernelRules value (flags and a few numbers), compiled once into a Rules
 * object of this module.
 *
 * A position is the 30-cell layout of nardy/rules/cells.py, held as 32 signed bytes (the last
 * two are always zero) so that it hashes and compares as four 64-bit words.
 *
 * It stays in one file of about 880 lines: one extension module is one translation unit
 * (setup.py builds it from this file alone), its search shares the static node table and hash
 * set with the step rules, and the whole of it is read side by side with plays.py.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h>

#define OFF 0
#define BAR 25
#define RESERVE 26
#define OPP_OFF 27
#define OPP_BAR 28
#define SIZE 30
#define CHECKERS 15
#define PLACES 27 /* step sources and targets run 0..26 */

typedef struct {
    int8_t c[32];
    uint64_t hash;   /* sum of weight[i] * c[i]: updated step by step, see weight */
    uint32_t own;    /* bit p set when the roller has a checker on point p (1..24) */
    uint8_t step[8]; /* up to four (source, target) pairs */
    uint8_t n;       /* steps taken */
} Node;

typedef struct {
    PyObject_HEAD
    int hits;            /* a lone opponent checker may be hit (B2); else any closes (LN2) */
    int hit_needs_home;  /* hitting needs a roller checker in the home board (D4) */
    int bar;             /* checkers on the bar enter before anything else (B3, D3) */
    int reserve;         /* reserve checkers enter like the bar (D1) */
    int enter_all_first; /* no board move while the reserve is not empty (D2 strict) */
    int head;            /* head point with the one-checker limit (LN3), 0 for none */
    unsigned head_doubles; /* bit d: a first-turn double d lets two checkers leave the head */
    int reply_die;       /* LN3 exception to the exception: this double ... */
    int opening_pips;    /* ... after the opponent's opening moved one checker so far */
    int prime;           /* length of a forbidden block (LN4), 0 for none */
    int8_t path[25];     /* opponent path index of each point */
    int8_t point_at[26]; /* the point of each opponent path index */
} RulesObject;

typedef struct {
    int head_start;  /* checkers on the head when the turn began */
    int head_limit;  /* how many of them may leave it */
    int free_beyond; /* a block reaching past this path index is forbidden */
} Turn;

/* ---- shared state ------------------------------------------------------------------------
 *
 * One search at a time uses it: the GIL is held from the start of a search to its end, and
 * nothing in a search makes a Python object. Building the answer's objects afterwards may run
 * Python code (a garbage collection's finalizers, and the GIL handed to another thread), which
 * may search again: so every answer is copied out of the node table (found_copy) before its
 * first object is made. */

static Node *nodes;
static size_t nodes_cap, nodes_len;

typedef struct {
    uint32_t stamp; /* the slot is in use when this is the current stamp */
    uint32_t node;
} Slot;

static Slot *table; /* open addressing over the nodes of the current set */
static size_t slots; /* a power of two */
static uint32_t stamp;
static size_t set_begin; /* the set being filled is nodes[set_begin:nodes_len] */

/* A linear hash: moving one checker changes it by two or three weights, cheap to update. */
static uint64_t weight[32];

static PyObject *ints[256]; /* cached int objects for -128..127 */
static PyObject *step_tuples[PLACES * PLACES];

static PyTypeObject *position_type, *play_type;
static Py_ssize_t position_offsets[2], play_offsets[2]; /* slot offsets, or -1 */

static inline PyObject *
int_object(int v)
{
    return ints[v + 128];
}

static void
init_weights(void)
{
    uint64_t x = 0x243F6A8885A308D3ULL; /* splitmix64 from a fixed seed */
    for (int i = 0; i < 32; i++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        weight[i] = z ^ (z >> 31);
    }
}

static uint64_t
hash_cells(const int8_t *c)
{
    uint64_t h = 0;
    for (int i = 0; i < SIZE; i++) {
        h += weight[i] * (uint64_t)(int64_t)c[i];
    }
    return h;
}

static inline size_t
slot_of(uint64_t h)
{
    return (size_t)(h ^ (h >> 29) ^ (h >> 47)) & (slots - 1);
}

static void
table_put(uint32_t index)
{
    size_t i = slot_of(nodes[index].hash);
    while (table[i].stamp == stamp) {
        i = (i + 1) & (slots - 1);
    }
    table[i].stamp = stamp;
    table[i].node = index;
}

static void
begin_set(void)
{
    set_begin = nodes_len;
    if (++stamp == 0) {
        memset(table, 0, slots * sizeof *table);
        stamp = 1;
    }
}

static int
grow_table(void)
{
    size_t wanted = slots ? slots * 2 : 1024;
    Slot *grown = PyMem_Calloc(wanted, sizeof *grown);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    PyMem_Free(table);
    table = grown;
    slots = wanted;
    stamp = 1;
    for (size_t k = set_begin; k < nodes_len; k++) {
        table_put((uint32_t)k);
    }
    return 0;
}

/* Room for ``more`` nodes after the last one. */
static int
reserve_nodes(size_t more)
{
    if (nodes_len + more <= nodes_cap) {
        return 0;
    }
    size_t wanted = nodes_cap ? nodes_cap * 2 : 4096;
    while (wanted < nodes_len + more) {
        wanted *= 2;
    }
    Node *grown = wanted > UINT32_MAX ? NULL : PyMem_Realloc(nodes, wanted * sizeof *nodes);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    nodes = grown;
    nodes_cap = wanted;
    return 0;
}

/* Keep the node just built at nodes[nodes_len] unless its position is in the current set
 * already (there must be room for it: see reserve_nodes). */
static int
commit(void)
{
    if ((nodes_len - set_begin + 1) * 2 > slots && grow_table() < 0) {
        return -1;
    }
    const Node *node = &nodes[nodes_len];
    size_t i = slot_of(node->hash);
    while (table[i].stamp == stamp) {
        const Node *other = &nodes[table[i].node];
        if (other->hash == node->hash && memcmp(other->c, node->c, 32) == 0) {
            return 0;
        }
        i = (i + 1) & (slots - 1);
    }
    table[i].stamp = stamp;
    table[i].node = (uint32_t)nodes_len;
    nodes_len++;
    return 0;
}

/* ---- single steps ---------------------------------------------------------------------- */

/* The highest bit set in ``bits`` (0 when none is). */
static inline int
highest_bit(uint32_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return bits ? 31 - __builtin_clz(bits) : 0;
#else
    int high = 0;
    while (bits >>= 1) {
        high++;
    }
    return high;
#endif
}

/* The roller's points as bits (see Node.own). */
static uint32_t
own_points(const int8_t *c)
{
    uint32_t own = 0;
    for (int p = 1; p <= 24; p++) {
        if (c[p] > 0) {
            own |= 1u << p;
        }
    }
    return own;
}

static int
may_land(const RulesObject *r, const Node *from, int target)
{
    const int8_t *c = from->c;
    int held = c[target];
    if (held >= 0) {
        return 1;
    }
    if (!r->hits || held != -1) {
        return 0;
    }
    return !r->hit_needs_home || (from->own & 0x7Eu) != 0; /* a checker on points 1..6 */
}

/* Whether the roller's block through ``target`` (cells after the step) is a forbidden prime. */
static int
makes_prime(const RulesObject *r, const Turn *t, const int8_t *after, int target)
{
    int q = r->path[target];
    int low = q, high = q;
    while (low > 1 && after[r->point_at[low - 1]] > 0) {
        low--;
    }
    while (high < 24 && after[r->point_at[high + 1]] > 0) {
        high++;
    }
    return high - low + 1 >= r->prime && high > t->free_beyond;
}

/* One step from ``from`` into the current set, if the variant's landing rules allow it. */
static int
emit(const RulesObject *r, const Turn *t, const Node *from, int source, int target)
{
    Node *next = &nodes[nodes_len];
    *next = *from;
    int8_t *c = next->c;
    c[source]--;
    if (source <= 24 && c[source] == 0) {
        next->own &= ~(1u << source);
    }
    if (target != OFF) {
        next->own |= 1u << target;
    }
    uint64_t h = from->hash - weight[source] + weight[target];
    if (target != OFF && c[target] == -1) {
        c[target] = 1;
        c[OPP_BAR]++;
        h += weight[target] + weight[OPP_BAR];
    }
    else {
        c[target]++;
    }
    if (r->prime && target != OFF && from->c[target] <= 0 && makes_prime(r, t, c, target)) {
        return 0;
    }
    next->hash = h;
    next->step[2 * next->n] = (uint8_t)source;
    next->step[2 * next->n + 1] = (uint8_t)target;
    next->n++;
    return commit();
}

static int
enter(const RulesObject *r, const Turn *t, const Node *from, int source, int die)
{
    int target = 25 - die;
    if (may_land(r, from, target)) {
        return emit(r, t, from, source, target);
    }
    return 0;
}

/* Every legal single step with ``die`` from ``from``, in the order of the Python variants. */
static int
steps(const RulesObject *r, const Turn *t, const Node *from, int die)
{
    const int8_t *c = from->c;
    if (r->bar && c[BAR]) {
        return enter(r, t, from, BAR, die);
    }
    if (r->reserve && c[RESERVE]) {
        if (enter(r, t, from, RESERVE, die) < 0) {
            return -1;
        }
        if (r->enter_all_first) {
            return 0;
        }
    }
    int may_leave_head = !r->head || t->head_start - c[r->head] < t->head_limit;
    int top = highest_bit(from->own);
    /* the roller's points above ``die``, highest first */
    for (uint32_t movable = from->own & ~((2u << die) - 1); movable;) {
        int source = highest_bit(movable);
        movable &= ~(1u << source);
        if (source == r->head && !may_leave_head) {
            continue;
        }
        if (may_land(r, from, source - die) && emit(r, t, from, source, source - die) < 0) {
            return -1;
        }
    }
    if (c[BAR] == 0 && c[RESERVE] == 0 && top <= 6) {
        int source = c[die] > 0 ? die : (top < die ? top : 0);
        if (source) {
            return emit(r, t, from, source, OFF);
        }
    }
    return 0;
}

/* Step every node of nodes[first:last] with ``die`` into the current set. */
static int
advance(const RulesObject *r, const Turn *t, size_t first, size_t last, int die)
{
    for (size_t k = first; k < last; k++) {
        /* At most 26 steps from one position; reserve room first, then copy the position,
         * as stepping writes after the last node. */
        if (reserve_nodes(32) < 0) {
            return -1;
        }
        Node from = nodes[k];
        if (steps(r, t, &from, die) < 0) {
            return -1;
        }
    }
    return 0;
}

static Turn
turn_of(const RulesObject *r, const int8_t *c, int d1, int d2)
{
    Turn t = {0, 1, 100};
    if (r->head) {
        t.head_start = c[r->head];
        if (c[r->head] == CHECKERS && d1 == d2 && (r->head_doubles >> d1 & 1u)) {
            int answered = d1 == r->reply_die && c[r->point_at[1]] == 1 - CHECKERS &&
                           c[r->point_at[1 + r->opening_pips]] == -1;
            t.head_limit = answered ? 1 : 2;
        }
    }
    if (r->prime && !c[OPP_OFF]) {
        int furthest = 0;
        for (int p = 1; p <= 24; p++) {
            if (c[p] < 0 && r->path[p] > furthest) {
                furthest = r->path[p];
            }
        }
        t.free_beyond = furthest - 1;
    }
    return t;
}

/* Fill nodes[*first:*last] with the final positions of the roll; 0, or -1 with an exception. */
static int
search(const RulesObject *r, const int8_t *start, int d1, int d2, size_t *first, size_t *last)
{
    Turn t = turn_of(r, start, d1, d2);
    nodes_len = 0;
    begin_set();
    if (reserve_nodes(1) < 0) {
        return -1;
    }
    Node *root = &nodes[0];
    memset(root, 0, sizeof *root);
    memcpy(root->c, start, 32);
    root->hash = hash_cells(start);
    root->own = own_points(start);
    nodes_len = 1;
    if (d1 == d2) {
        size_t a = 0, b = 1;
        int level;
        for (level = 0; level < 4; level++) {
            begin_set();
            if (advance(r, &t, a, b, d1) < 0) {
                return -1;
            }
            if (nodes_len == b) {
                break;
            }
            a = b;
            b = nodes_len;
        }
        *first = level ? a : 0;
        *last = level ? b : 0;
        return 0;
    }
    int low = d1 < d2 ? d1 : d2, high = d1 < d2 ? d2 : d1;
    begin_set();
    if (advance(r, &t, 0, 1, high) < 0) {
        return -1;
    }
    size_t high_end = nodes_len;
    begin_set();
    if (advance(r, &t, 0, 1, low) < 0) {
        return -1;
    }
    size_t low_end = nodes_len;
    begin_set();
    if (advance(r, &t, 1, high_end, low) < 0 || advance(r, &t, high_end, low_end, high) < 0) {
        return -1;
    }
    if (nodes_len > low_end) {
        *first = low_end;
        *last = nodes_len;
    }
    else if (high_end > 1) {
        *first = 1;
        *last = high_end;
    }
    else {
        *first = high_end;
        *last = low_end;
    }
    return 0;
}

/* ---- Python objects ---------------------------------------------------------------------- */

/* Read a 30-tuple of ints from -120 to 120 (a play adds at most 4 to a cell, so every
 * count stays within a signed byte); 0, without an exception, when ``obj`` is not one. */
static int
read_cells(PyObject *obj, int8_t *c)
{
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) != SIZE) {
        return 0;
    }
    for (int i = 0; i < SIZE; i++) {
        PyObject *item = PyTuple_GET_ITEM(obj, i);
        if (!PyLong_CheckExact(item)) {
            return 0;
        }
        long v = PyLong_AsLong(item);
        if (v < -120 || v > 120) {
            PyErr_Clear();
            return 0;
        }
        c[i] = (int8_t)v;
    }
    c[30] = c[31] = 0;
    return 1;
}

/* A die from an exact int 1..6, else 0. */
static int
read_die(PyObject *obj)
{
    if (!PyLong_CheckExact(obj)) {
        return 0;
    }
    long v = PyLong_AsLong(obj);
    if (v < 1 || v > 6) {
        PyErr_Clear();
        return 0;
    }
    return (int)v;
}

/* A private copy of nodes[first:last], the answer of the last search, made before any Python
 * object is (see the shared state); NULL with an exception when memory runs out. */
static Node *
found_copy(size_t first, size_t last)
{
    size_t count = last - first;
    Node *found = PyMem_Malloc(count ? count * sizeof *found : 1);
    if (found == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (count) {
        memcpy(found, nodes + first, count * sizeof *found);
    }
    return found;
}

static PyObject *
cells_tuple(const Node *node)
{
    PyObject *t = PyTuple_New(SIZE);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < SIZE; i++) {
        PyObject *v = int_object(node->c[i]);
        Py_INCREF(v);
        PyTuple_SET_ITEM(t, i, v);
    }
    PyObject_GC_UnTrack(t); /* ints only: no cycle can pass through it */
    return t;
}

static PyObject *
steps_tuple(const Node *node)
{
    PyObject *t = PyTuple_New(node->n);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < node->n; i++) {
        PyObject *s = step_tuples[node->step[2 * i] * PLACES + node->step[2 * i + 1]];
        Py_INCREF(s);
        PyTuple_SET_ITEM(t, i, s);
    }
    if (node->n) {
        PyObject_GC_UnTrack(t); /* pairs of ints only */
    }
    return t;
}

/* A new instance of a bound dataclass with its two fields set; steals neither reference. */
static PyObject *
make_object(PyTypeObject *type, Py_ssize_t *offsets, PyObject *a, PyObject *b)
{
    PyObject *values[2] = {a, b};
    if (offsets[0] < 0) {
        return PyObject_Vectorcall((PyObject *)type, values, 2, NULL);
    }
    PyObject *obj = type->tp_alloc(type, 0);
    if (obj == NULL) {
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        Py_INCREF(values[i]);
        *(PyObject **)((char *)obj + offsets[i]) = values[i];
    }
    return obj;
}

static int
rules_init(RulesObject *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"hits", "hit_needs_home", "bar", "reserve", "enter_all_first",
                            "head", "head_doubles", "reply_die", "opening_pips", "prime",
                            "path", NULL};
    PyObject *path = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|ppppp$iIiiiO:Rules", names, &self->hits,
                                     &self->hit_needs_home, &self->bar, &self->reserve,
                                     &self->enter_all_first, &self->head, &self->head_doubles,
                                     &self->reply_die, &self->opening_pips, &self->prime,
                                     &path)) {
        return -1;
    }
    memset(self->path, 0, sizeof self->path);
    memset(self->point_at, 0, sizeof self->point_at);
    int needs_path = self->prime || self->reply_die;
    if (path != NULL && path != Py_None) {
        if (!PyTuple_Check(path) || PyTuple_GET_SIZE(path) != 25) {
            PyErr_SetString(PyExc_ValueError, "path must be a tuple of 25 path indices");
            return -1;
        }
        int seen = 0;
        for (int p = 1; p <= 24; p++) {
            long q = PyLong_AsLong(PyTuple_GET_ITEM(path, p));
            if (q == -1 && PyErr_Occurred()) {
                return -1;
            }
            if (q < 1 || q > 24 || (seen >> q & 1)) {
                PyErr_SetString(PyExc_ValueError, "path must number the points 1..24 once each");
                return -1;
            }
            seen |= 1 << q;
            self->path[p] = (int8_t)q;
            self->point_at[q] = (int8_t)p;
        }
    }
    else if (needs_path) {
        PyErr_SetString(PyExc_ValueError, "the six-prime and head rules need a path");
        return -1;
    }
    if (self->head < 0 || self->head > 24 || self->prime < 0 || self->prime > 24 ||
        self->opening_pips < 0 || self->opening_pips > 23) {
        PyErr_SetString(PyExc_ValueError, "head, prime or opening_pips out of range");
        return -1;
    }
    return 0;
}

/* Parse (cells, dice) of a call; 1 on success, 0 when the arguments are not the fast kind. */
static int
read_roll(PyObject *cells, PyObject *dice, int8_t *c, int *d1, int *d2)
{
    if (!read_cells(cells, c) || !PyTuple_CheckExact(dice) || PyTuple_GET_SIZE(dice) != 2) {
        return 0;
    }
    *d1 = read_die(PyTuple_GET_ITEM(dice, 0));
    *d2 = read_die(PyTuple_GET_ITEM(dice, 1));
    return *d1 && *d2;
}

static PyObject *
rules_final_cells(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int8_t c[32];
    int d1, d2;
    size_t first, last;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "final_cells(cells, dice) takes two arguments");
        return NULL;
    }
    if (!read_roll(args[0], args[1], c, &d1, &d2)) {
        Py_RETURN_NONE;
    }
    if (search(self, c, d1, d2, &first, &last) < 0) {
        return NULL;
    }
    Node *found = found_copy(first, last);
    if (found == NULL) {
        return NULL;
    }
    PyObject *result = PyDict_New();
    for (size_t k = 0; result != NULL && k < last - first; k++) {
        PyObject *key = cells_tuple(&found[k]);
        PyObject *value = key ? steps_tuple(&found[k]) : NULL;
        if (value == NULL || PyDict_SetItem(result, key, value) < 0) {
            Py_CLEAR(result);
        }
        Py_XDECREF(key);
        Py_XDECREF(value);
    }
    PyMem_Free(found);
    return result;
}

/* The final cells of every roll of many positions at once, for the engine's look-ahead.
 * ``positions`` is a bytes object of n rows of 30 signed bytes (the roller's view of each);
 * the rolls are the 21 distinct ones, 1-1, 1-2 ... 1-6, 2-2 ... 6-6. Returns (finals, ends):
 * ``finals`` the bytes of every final position, 30 signed bytes each, position by position
 * and roll by roll, in the order final_cells gives them; ``ends`` the native 32-bit index
 * just past each (position, roll)'s finals, n * 21 of them (a roll that cannot be played
 * has none). */
static PyObject *
rules_expand(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !PyBytes_CheckExact(args[0]) || PyBytes_GET_SIZE(args[0]) % SIZE) {
        PyErr_SetString(PyExc_TypeError, "expand(positions) takes bytes of 30-byte rows");
        return NULL;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(args[0]) / SIZE;
    const int8_t *rows = (const int8_t *)PyBytes_AS_STRING(args[0]);
    int32_t *ends = PyMem_Malloc(sizeof(int32_t) * (size_t)(n * 21 + 1));
    size_t cap = 4096, len = 0;
    int8_t *out = PyMem_Malloc(cap * SIZE);
    if (ends == NULL || out == NULL) {
        PyMem_Free(ends);
        PyMem_Free(out);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int8_t c[32];
        memcpy(c, rows + i * SIZE, SIZE);
        c[30] = c[31] = 0;
        int roll = 0;
        for (int d1 = 1; d1 <= 6; d1++) {
            for (int d2 = d1; d2 <= 6; d2++, roll++) {
                size_t first = 0, last = 0;
                if (search(self, c, d1, d2, &first, &last) < 0) {
                    PyMem_Free(ends);
                    PyMem_Free(out);
                    return NULL;
                }
                if (len + (last - first) > cap) {
                    while (len + (last - first) > cap) {
                        cap *= 2;
                    }
                    int8_t *grown = PyMem_Realloc(out, cap * SIZE);
                    if (grown == NULL) {
                        PyMem_Free(ends);
                        PyMem_Free(out);
                        return PyErr_NoMemory();
                    }
                    out = grown;
                }
                for (size_t k = first; k < last; k++, len++) {
                    memcpy(out + len * SIZE, nodes[k].c, SIZE);
                }
                if (len > INT32_MAX) {
                    PyMem_Free(ends);
                    PyMem_Free(out);
                    PyErr_SetString(PyExc_OverflowError, "too many positions to expand at once");
                    return NULL;
                }
                ends[i * 21 + roll] = (int32_t)len;
            }
        }
    }
    PyObject *finals = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)(len * SIZE));
    PyObject *bounds = PyBytes_FromStringAndSize((const char *)ends, (Py_ssize_t)(n * 21 * 4));
    PyMem_Free(ends);
    PyMem_Free(out);
    if (finals == NULL || bounds == NULL) {
        Py_XDECREF(finals);
        Py_XDECREF(bounds);
        return NULL;
    }
    PyObject *result = PyTuple_Pack(2, finals, bounds);
    Py_DECREF(finals);
    Py_DECREF(bounds);
    return result;
}

static PyObject *
rules_plays(RulesObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int8_t c[32];
    int d1, d2;
    size_t first, last;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "plays(variant, cells, dice) takes three arguments");
        return NULL;
    }
    if (position_type == NULL || !read_roll(args[1], args[2], c, &d1, &d2)) {
        Py_RETURN_NONE;
    }
    if (search(self, c, d1, d2, &first, &last) < 0) {
        return NULL;
    }
    Node *found = found_copy(first, last);
    if (found == NULL) {
        return NULL;
    }
    PyObject *result = PyTuple_New((Py_ssize_t)(last - first));
    if (result == NULL) {
        PyMem_Free(found);
        return NULL;
    }
    for (size_t k = 0; k < last - first; k++) {
        PyObject *cells = cells_tuple(&found[k]);
        PyObject *steps = cells ? steps_tuple(&found[k]) : NULL;
        PyObject *position =
            steps ? make_object(position_type, position_offsets, args[0], cells)
                  : NULL;
        PyObject *play =
            position ? make_object(play_type, play_offsets, steps, position) : NULL;
        Py_XDECREF(cells);
        Py_XDECREF(steps);
        Py_XDECREF(position);
        if (play == NULL) {
            Py_DECREF(result);
            PyMem_Free(found);
            return NULL;
        }
        PyTuple_SET_ITEM(result, (Py_ssize_t)k, play);
    }
    PyMem_Free(found);
    return result;
}

static PyMethodDef rules_methods[] = {
    {"final_cells", (PyCFunction)(void (*)(void))rules_final_cells, METH_FASTCALL,
     "final_cells(cells, dice) -> {final cells: steps}, or None when the arguments are not a "
     "30-tuple of ints and a tuple of two dice 1..6."},
    {"expand", (PyCFunction)(void (*)(void))rules_expand, METH_FASTCALL,
     "expand(positions) -> (finals, ends): the final cells of all 21 rolls of each row of "
     "positions (bytes of 30-byte rows), as bytes, and where each roll's finals end."},
    {"plays", (PyCFunction)(void (*)(void))rules_plays, METH_FASTCALL,
     "plays(variant, cells, dice) -> tuple of Play, or None when the arguments are not the "
     "fast kind or bind() was not called."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nardy._movegen.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of one variant, compiled for the move generator.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)rules_init,
    .tp_methods = rules_methods,
};

/* The slot offset of a plain object slot ``name`` of ``type``, or -1 when it is not one. */
static Py_ssize_t
slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == T_OBJECT_EX && !(member->flags & READONLY) &&
            ((PyDescrObject *)descr)->d_type == type) {
            offset = member->offset;
        }
    }
    Py_DECREF(descr);
    return offset;
}

static PyObject *
module_bind(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyType_Check(args[0]) || !PyType_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "bind(Position, Play) takes the two classes");
        return NULL;
    }
    PyTypeObject *pos = (PyTypeObject *)args[0], *play = (PyTypeObject *)args[1];
    Py_ssize_t po[2] = {slot_offset(pos, "variant"), slot_offset(pos, "cells")};
    Py_ssize_t pl[2] = {slot_offset(play, "steps"), slot_offset(play, "position")};
    /* Both classes must be plain slotted dataclasses; otherwise call them. */
    if (po[0] < 0 || po[1] < 0) {
        po[0] = po[1] = -1;
    }
    if (pl[0] < 0 || pl[1] < 0) {
        pl[0] = pl[1] = -1;
    }
    Py_INCREF(pos);
    Py_INCREF(play);
    Py_XSETREF(position_type, pos);
    Py_XSETREF(play_type, play);
    memcpy(position_offsets, po, sizeof po);
    memcpy(play_offsets, pl, sizeof pl);
    return PyBool_FromLong(po[0] >= 0 && pl[0] >= 0);
}

static PyMethodDef module_methods[] = {
    {"bind", (PyCFunction)(void (*)(void))module_bind, METH_FASTCALL,
     "bind(Position, Play) -> whether both are built directly: the classes plays() makes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef movegen_module = {
    PyModuleDef_HEAD_INIT, "nardy._movegen",
    "The compiled legal-play generator; nardy.rules.kernel is its Python face.", -1,
    module_methods,     NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__movegen(void)
{
    if (PyType_Ready(&RulesType) < 0) {
        return NULL;
    }
    for (int v = -128; v < 128; v++) {
        if (ints[v + 128] == NULL && (ints[v + 128] = PyLong_FromLong(v)) == NULL) {
            return NULL;
        }
    }
    for (int s = 0; s < PLACES; s++) {
        for (int t = 0; t < PLACES; t++) {
            if (step_tuples[s * PLACES + t] == NULL &&
                (step_tuples[s * PLACES + t] = Py_BuildValue("(ii)", s, t)) == NULL) {
                return NULL;
            }
        }
    }
    init_weights();
    if (slots == 0 && grow_table() < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&movegen_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&RulesType);
    if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0) {
        Py_DECREF(&RulesType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
