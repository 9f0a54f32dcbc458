// The two libc functions veil.wasm needs that wasi-libc would satisfy with WASI imports.
// With these linked first, the module imports nothing and runs in any host (browser, node).
#include <stddef.h>

// Swift's hashing seeds (Set, Dictionary) come from here. A fixed seed keeps every run of the module
// the same; frames must not depend on hash order anyway, since the native seed is random.
void arc4random_buf(void *buffer, size_t count) {
    static unsigned long long state = 0x9E3779B97F4A7C15ull;
    unsigned char *out = buffer;
    for (size_t i = 0; i < count; i++) {
        // splitmix64
        state += 0x9E3779B97F4A7C15ull;
        unsigned long long z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        out[i] = (unsigned char)(z ^ (z >> 31));
    }
}

// Swift's print writes here. The module has no console: output is dropped.
int putchar(int c) {
    return c;
}

// The size of the module's linear memory in bytes, so the exports can refuse a pointer and length
// that run past it (an access there would trap and kill the instance).
size_t veil_memory_bytes(void) {
    return __builtin_wasm_memory_size(0) * 65536;
}

// veil.wasm's allocator, in place of wasi-libc's dlmalloc (about 10 KB of the module's code; this
// is under 1 KB). Block sizes step by quarters of a power of two (20, 24, 28, 32, 40, 48… × 16
// bytes), so a block is at most 25% larger than asked; a 16-byte header before each payload keeps
// payloads 16-byte aligned (the most Swift asks of malloc). A freed block goes on the free list of
// its size and the next request of that size takes it. Memory comes from memory.grow and is never
// given back: a wasm memory cannot shrink, so dlmalloc does not give it back either. Blocks are
// neither split nor merged; the core allocates the same sizes tick after tick, so each free list
// reaches a steady length.
#include <stdint.h>

extern unsigned char __heap_base;

enum { HEADER = 16, CLASSES = 4 * 32, PAGE = 65536, MAX_BLOCK = 1u << 31 };
enum { ENOMEM_ = 48, EINVAL_ = 28 };  // WASI's errno values

// A block's header: its size class, and how far the header lies past the block's start (0 but
// for over-aligned blocks from posix_memalign).
typedef struct { uint32_t size_class; uint32_t offset; } header;

static void *free_lists[CLASSES + 1];  // by class, linked through each block's first word
static uintptr_t heap_top;             // the first byte never handed out
static uintptr_t heap_end;             // the end of the memory grown so far

// Class 4k + q (q in 1...4) holds 2^k + q · 2^(k-2) bytes, rounded up to a multiple of 16.
static size_t class_size(uint32_t c) {
    uint32_t k = c / 4, q = c % 4 == 0 ? 4 : c % 4;
    if (q == 4) k -= 1;
    size_t size = ((size_t)1 << k) + ((size_t)q << k >> 2);
    return (size + 15) & ~(size_t)15;
}

// The smallest class holding `bytes` (16 < bytes <= MAX_BLOCK).
static uint32_t size_class(size_t bytes) {
    uint32_t k = 31 - (uint32_t)__builtin_clz((uint32_t)(bytes - 1));  // 2^k < bytes <= 2^(k+1)
    size_t quarter = (size_t)1 << k >> 2;
    uint32_t q = (uint32_t)((bytes - ((size_t)1 << k) + quarter - 1) / quarter);
    return q == 4 ? 4 * (k + 1) : 4 * k + q;
}

static void *take_block(uint32_t c) {
    void *block = free_lists[c];
    if (block) {
        free_lists[c] = *(void **)block;
        return block;
    }
    if (heap_top == 0) {
        heap_top = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
        heap_end = __builtin_wasm_memory_size(0) * PAGE;
    }
    size_t size = class_size(c);
    if (heap_top + size < heap_top) return NULL;
    if (heap_top + size > heap_end) {
        size_t pages = (heap_top + size - heap_end + PAGE - 1) / PAGE;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
        heap_end += pages * PAGE;
    }
    block = (void *)heap_top;
    heap_top += size;
    return block;
}

// A payload of `bytes` at a multiple of `align` (a power of two, at least 16).
static void *allocate(size_t bytes, size_t align) {
    size_t extra = HEADER + (align > HEADER ? align : 0);
    if (bytes > MAX_BLOCK - extra) return NULL;
    uint32_t c = size_class(bytes == 0 ? HEADER + 1 : bytes + extra);
    unsigned char *block = take_block(c);
    if (!block) return NULL;
    uintptr_t payload = ((uintptr_t)block + HEADER + align - 1) & ~(uintptr_t)(align - 1);
    header *h = (header *)(payload - HEADER);
    h->size_class = c;
    h->offset = (uint32_t)((unsigned char *)h - block);
    return (void *)payload;
}

void *malloc(size_t bytes) { return allocate(bytes, HEADER); }

void free(void *payload) {
    if (!payload) return;
    header *h = (header *)((unsigned char *)payload - HEADER);
    uint32_t c = h->size_class;
    void **block = (void **)((unsigned char *)h - h->offset);
    *block = free_lists[c];
    free_lists[c] = block;
}

int posix_memalign(void **out, size_t align, size_t bytes) {
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL_;
    void *payload = allocate(bytes, align < HEADER ? HEADER : align);
    if (!payload) return ENOMEM_;
    *out = payload;
    return 0;
}

void *aligned_alloc(size_t align, size_t bytes) {
    void *payload = NULL;
    return posix_memalign(&payload, align, bytes) == 0 ? payload : NULL;
}

void *calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    void *payload = malloc(count * size);
    if (payload) __builtin_memset(payload, 0, count * size);
    return payload;
}

void *realloc(void *old, size_t bytes) {
    if (!old) return malloc(bytes);
    header *h = (header *)((unsigned char *)old - HEADER);
    size_t room = class_size(h->size_class) - h->offset - HEADER;
    if (bytes <= room) return old;
    void *payload = malloc(bytes);
    if (payload) {
        __builtin_memcpy(payload, old, room);
        free(old);
    }
    return payload;
}
