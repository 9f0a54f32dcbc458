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
