// The allocator the tool runs with: mimalloc instead of the C library's malloc.
//
// Importing the module links the library (its module map says `link "mimalloc"`), and linking it
// is all it takes: the library defines `malloc`, `free` and the rest, and the dynamic linker binds
// every library of the process (the Swift runtime, Foundation, libxml2, SQLite) to those
// definitions. The converters make records on worker threads and free them on the writing
// thread; glibc takes a lock on the making thread's arena for each such free, and the threads then
// wait on each other. mimalloc hands the block back to its heap without one. The measurements are
// in Documentation/Internals.md, section "The allocator".
internal import CMimalloc
