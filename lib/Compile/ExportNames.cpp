//===- ExportNames.cpp - names an exported function may not have ---------===//
//
// The names norm-compile refuses as exported names (docs/AOT.md, "Exported
// names"): each would break the linked program (a function that the object,
// libomp or the program calls would be replaced by the kernel) or a program
// that includes the generated header with a standard C header. --prefix
// gives every exported name a prefix of one's own.
//
//===----------------------------------------------------------------------===//

#include "ExportNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::norm;

/// The functions of C's <math.h> (C11, each also with the suffixes `f` and
/// `l`), and the libm names LLVM's code generation calls.
static constexpr llvm::StringLiteral kMathNames[] = {
    "acos",       "acosh",   "asin",      "asinh",    "atan",      "atan2",
    "atanh",      "cbrt",    "ceil",      "copysign", "cos",       "cosh",
    "erf",        "erfc",    "exp",       "exp2",     "expm1",     "fabs",
    "fdim",       "floor",   "fma",       "fmax",     "fmin",      "fmod",
    "frexp",      "hypot",   "ilogb",     "ldexp",    "lgamma",    "llrint",
    "llround",    "log",     "log10",     "log1p",    "log2",      "logb",
    "lrint",      "lround",  "modf",      "nan",      "nearbyint", "nextafter",
    "nexttoward", "pow",     "remainder", "remquo",   "rint",      "round",
    "roundeven",  "scalbln", "scalbn",    "sin",      "sinh",      "sqrt",
    "tan",        "tanh",    "tgamma",    "trunc",    "sincos",    "exp10"};

/// The keywords of C (C11, and those C23 adds) and GNU C's `asm` and
/// `typeof`: the generated header declares each exported name, so a keyword
/// breaks it.
static constexpr llvm::StringLiteral kCKeywords[] = {
    "auto",          "break",        "case",     "char",
    "const",         "continue",     "default",  "do",
    "double",        "else",         "enum",     "extern",
    "float",         "for",          "goto",     "if",
    "inline",        "int",          "long",     "register",
    "restrict",      "return",       "short",    "signed",
    "sizeof",        "static",       "struct",   "switch",
    "typedef",       "union",        "unsigned", "void",
    "volatile",      "while",        "alignas",  "alignof",
    "bool",          "constexpr",    "false",    "nullptr",
    "static_assert", "thread_local", "true",     "typeof",
    "typeof_unqual", "asm"};

/// The keywords of C++ (C++20) and its alternative operator names that C
/// does not have: a C++ program that includes the header breaks on them.
static constexpr llvm::StringLiteral kCxxKeywords[] = {
    "and",       "and_eq",      "bitand",   "bitor",
    "catch",     "char8_t",     "char16_t", "char32_t",
    "class",     "compl",       "concept",  "consteval",
    "constinit", "const_cast",  "co_await", "co_return",
    "co_yield",  "decltype",    "delete",   "dynamic_cast",
    "explicit",  "export",      "friend",   "mutable",
    "namespace", "new",         "noexcept", "not",
    "not_eq",    "operator",    "or",       "or_eq",
    "private",   "protected",   "public",   "reinterpret_cast",
    "requires",  "static_cast", "template", "this",
    "throw",     "try",         "typeid",   "typename",
    "using",     "virtual",     "wchar_t",  "xor",
    "xor_eq"};

/// The lower-case macros that gcc, g++ and clang predefine as `1` in their
/// default GNU modes (`-std=gnu17`, `-std=gnu++17`; not with `-std=c99`) on
/// x86_64 and AArch64 Linux, as `gcc -dM -E - </dev/null` and
/// `clang --target=aarch64-linux-gnu -dM -E -x c /dev/null` list them: the
/// generated header would declare `int32_t 1(...)`.
static constexpr llvm::StringLiteral kGNUPredefinedMacros[] = {"linux", "unix"};

/// Returns whether <stdint.h> (C11 7.20, with C23's width macros), which the
/// generated header includes, declares `name`: its types (`int32_t`,
/// `uint_least8_t`, `intptr_t`, `intmax_t`, ...), its limit macros
/// (`INT64_MAX`, `UINT_FAST16_MAX`, `SIZE_MAX`, `PTRDIFF_MIN`, ...) and its
/// constant macros (`INT8_C`, `UINTMAX_C`).
static bool isStdintName(StringRef name) {
  // Types and macros of each width N: [u]intN_t, [u]int_leastN_t,
  // [u]int_fastN_t, INTN_MIN/MAX/WIDTH, UINTN_MAX/WIDTH, INT_LEASTN_...,
  // INT_FASTN_..., [U]INTN_C.
  for (StringRef kind : {"", "_least", "_fast"}) {
    for (int bits : {8, 16, 32, 64}) {
      std::string type = ("int" + kind + Twine(bits)).str();
      if (name == type + "_t" || name == "u" + type + "_t")
        return true;
      std::string macro = StringRef(type).upper();
      for (StringRef suffix : {"_MIN", "_MAX", "_WIDTH"})
        if (name == macro + suffix.str())
          return true;
      for (StringRef suffix : {"_MAX", "_WIDTH"})
        if (name == "U" + macro + suffix.str())
          return true;
      if (kind.empty() && (name == macro + "_C" || name == "U" + macro + "_C"))
        return true;
    }
  }
  static constexpr llvm::StringLiteral kOtherNames[] = {
      "intptr_t",       "uintptr_t",        "intmax_t",      "uintmax_t",
      "INTPTR_MIN",     "INTPTR_MAX",       "INTPTR_WIDTH",  "UINTPTR_MAX",
      "UINTPTR_WIDTH",  "INTMAX_MIN",       "INTMAX_MAX",    "INTMAX_WIDTH",
      "UINTMAX_MAX",    "UINTMAX_WIDTH",    "INTMAX_C",      "UINTMAX_C",
      "PTRDIFF_MIN",    "PTRDIFF_MAX",      "PTRDIFF_WIDTH", "SIG_ATOMIC_MIN",
      "SIG_ATOMIC_MAX", "SIG_ATOMIC_WIDTH", "SIZE_MAX",      "SIZE_WIDTH",
      "WCHAR_MIN",      "WCHAR_MAX",        "WCHAR_WIDTH",   "WINT_MIN",
      "WINT_MAX",       "WINT_WIDTH"};
  return llvm::is_contained(kOtherNames, name);
}

/// The functions and objects that the object or the OpenMP runtime it loads
/// call or read through the dynamic linker, where an exported function of
/// the same name would take their place in the program (a kernel named
/// `pthread_create` made libomp fail with "OMP: Error #179: Function
/// pthread_create failed"): the undefined dynamic symbols of LLVM 22's
/// libomp (`nm -D --undefined-only /usr/lib/llvm-22/lib/libomp.so.5`, less
/// those beginning with `_`, which are refused anyway), what the object
/// itself imports (`nm -u` on norm-compile's objects: malloc, free, the
/// OpenMP entry points, <math.h> functions) and what LLVM's code generation
/// may call for memory intrinsics (memcpy, memmove, memset, bcmp, mempcpy,
/// bzero), with aligned_alloc, bcopy, strndup and write.
static constexpr llvm::StringLiteral kRuntimeNames =
    "abort aligned_alloc bcmp bcopy bzero calloc catclose catgets catopen "
    "close closedir dladdr dlclose dlerror dlopen dlsym environ fclose feof "
    "fflush fgetc fgets fopen fprintf free fseek ftruncate fwrite getenv "
    "gethostname getpid getrlimit getrusage gettimeofday getuid isalnum "
    "isalpha isspace malloc memcpy memmove mempcpy memset mmap munmap open "
    "opendir posix_memalign printf pthread_attr_destroy "
    "pthread_attr_getstack pthread_attr_init pthread_attr_setdetachstate "
    "pthread_attr_setstacksize pthread_cancel pthread_cond_destroy "
    "pthread_cond_init pthread_cond_signal pthread_cond_wait "
    "pthread_condattr_destroy pthread_condattr_init pthread_create "
    "pthread_exit pthread_getattr_np pthread_getspecific pthread_join "
    "pthread_key_create pthread_key_delete pthread_mutex_destroy "
    "pthread_mutex_init pthread_mutex_lock pthread_mutex_trylock "
    "pthread_mutex_unlock pthread_mutexattr_destroy pthread_mutexattr_init "
    "pthread_mutexattr_settype pthread_self pthread_setcancelstate "
    "pthread_setcanceltype pthread_setspecific putchar puts qsort read "
    "readdir realloc sched_getcpu sched_yield sem_init sem_post sem_wait "
    "setenv shm_open shm_unlink sigaction sigaddset sigdelset sigemptyset "
    "sigfillset sigismember sleep snprintf stderr stdout strcasestr strchr "
    "strcmp strcpy strdup strerror_r strlen strncat strncmp strncpy strndup "
    "strrchr strspn strstr strtod strtok_r strtol syscall sysconf times "
    "toupper ungetc unlink unsetenv write";

/// The names that the standard C headers of C17 and C23 declare or define
/// as functions, objects, types, enumerators or macros with glibc, in ISO
/// mode (`-std=c17`, `-std=c23`) and in the compilers' default GNU modes
/// (`-std=gnu17`, `-std=gnu23`, which add POSIX and BSD names such as
/// `nanosleep` in <time.h> and `index` in <string.h>): `clang -dM -E` (less
/// the predefined macros) and the top-level declarations of `clang
/// -Xclang -ast-dump=json` of each header alone, less the names beginning
/// with `_`. Each name is listed under the first header here that has it;
/// scripts/c-header-names.py regenerates the table. A program that includes
/// the header and the generated one would not compile (`int32_t stdout(...)`
/// after <stdio.h>).
static constexpr struct {
  llvm::StringLiteral header;
  llvm::StringLiteral names;
} kStandardHeaderNames[] = {
    {"<stddef.h>",
     "NULL max_align_t nullptr_t offsetof ptrdiff_t size_t unreachable "
     "wchar_t"},
    {"<stdarg.h>", "va_arg va_copy va_end va_list va_start"},
    {"<stdbool.h>", "bool false true"},
    {"<stdalign.h>", "alignas alignof"},
    {"<stdnoreturn.h>", "noreturn"},
    {"<iso646.h>",
     "and and_eq bitand bitor compl not not_eq or or_eq xor xor_eq"},
    {"<limits.h>",
     "AIO_PRIO_DELTA_MAX BC_BASE_MAX BC_DIM_MAX BC_SCALE_MAX BC_STRING_MAX "
     "BITINT_MAXWIDTH BOOL_MAX BOOL_WIDTH CHARCLASS_NAME_MAX CHAR_BIT "
     "CHAR_MAX CHAR_MIN CHAR_WIDTH COLL_WEIGHTS_MAX DELAYTIMER_MAX "
     "EXPR_NEST_MAX HOST_NAME_MAX INT_MAX INT_MIN INT_WIDTH LINE_MAX "
     "LLONG_MAX LLONG_MIN LLONG_WIDTH LOGIN_NAME_MAX LONG_MAX LONG_MIN "
     "LONG_WIDTH MAX_CANON MAX_INPUT MB_LEN_MAX MQ_PRIO_MAX NAME_MAX "
     "NGROUPS_MAX PATH_MAX PIPE_BUF PTHREAD_DESTRUCTOR_ITERATIONS "
     "PTHREAD_KEYS_MAX PTHREAD_STACK_MIN RE_DUP_MAX RTSIG_MAX SCHAR_MAX "
     "SCHAR_MIN SCHAR_WIDTH SEM_VALUE_MAX SHRT_MAX SHRT_MIN SHRT_WIDTH "
     "SSIZE_MAX TTY_NAME_MAX UCHAR_MAX UCHAR_WIDTH UINT_MAX UINT_WIDTH "
     "ULLONG_MAX ULLONG_WIDTH ULONG_MAX ULONG_WIDTH USHRT_MAX USHRT_WIDTH "
     "XATTR_LIST_MAX XATTR_NAME_MAX XATTR_SIZE_MAX"},
    {"<float.h>",
     "DBL_DECIMAL_DIG DBL_DIG DBL_EPSILON DBL_HAS_SUBNORM DBL_MANT_DIG "
     "DBL_MAX DBL_MAX_10_EXP DBL_MAX_EXP DBL_MIN DBL_MIN_10_EXP DBL_MIN_EXP "
     "DBL_NORM_MAX DBL_SNAN DBL_TRUE_MIN DECIMAL_DIG FLT_DECIMAL_DIG FLT_DIG "
     "FLT_EPSILON FLT_EVAL_METHOD FLT_HAS_SUBNORM FLT_MANT_DIG FLT_MAX "
     "FLT_MAX_10_EXP FLT_MAX_EXP FLT_MIN FLT_MIN_10_EXP FLT_MIN_EXP "
     "FLT_NORM_MAX FLT_RADIX FLT_ROUNDS FLT_SNAN FLT_TRUE_MIN INFINITY "
     "LDBL_DECIMAL_DIG LDBL_DIG LDBL_EPSILON LDBL_HAS_SUBNORM LDBL_MANT_DIG "
     "LDBL_MAX LDBL_MAX_10_EXP LDBL_MAX_EXP LDBL_MIN LDBL_MIN_10_EXP "
     "LDBL_MIN_EXP LDBL_NORM_MAX LDBL_SNAN LDBL_TRUE_MIN NAN"},
    {"<stdint.h>",
     "INT16_C INT16_MAX INT16_MIN INT16_WIDTH INT32_C INT32_MAX INT32_MIN "
     "INT32_WIDTH INT64_C INT64_MAX INT64_MIN INT64_WIDTH INT8_C INT8_MAX "
     "INT8_MIN INT8_WIDTH INTMAX_C INTMAX_MAX INTMAX_MIN INTMAX_WIDTH "
     "INTPTR_MAX INTPTR_MIN INTPTR_WIDTH INT_FAST16_MAX INT_FAST16_MIN "
     "INT_FAST16_WIDTH INT_FAST32_MAX INT_FAST32_MIN INT_FAST32_WIDTH "
     "INT_FAST64_MAX INT_FAST64_MIN INT_FAST64_WIDTH INT_FAST8_MAX "
     "INT_FAST8_MIN INT_FAST8_WIDTH INT_LEAST16_MAX INT_LEAST16_MIN "
     "INT_LEAST16_WIDTH INT_LEAST32_MAX INT_LEAST32_MIN INT_LEAST32_WIDTH "
     "INT_LEAST64_MAX INT_LEAST64_MIN INT_LEAST64_WIDTH INT_LEAST8_MAX "
     "INT_LEAST8_MIN INT_LEAST8_WIDTH PTRDIFF_MAX PTRDIFF_MIN PTRDIFF_WIDTH "
     "SIG_ATOMIC_MAX SIG_ATOMIC_MIN SIG_ATOMIC_WIDTH SIZE_MAX SIZE_WIDTH "
     "UINT16_C UINT16_MAX UINT16_WIDTH UINT32_C UINT32_MAX UINT32_WIDTH "
     "UINT64_C UINT64_MAX UINT64_WIDTH UINT8_C UINT8_MAX UINT8_WIDTH "
     "UINTMAX_C UINTMAX_MAX UINTMAX_WIDTH UINTPTR_MAX UINTPTR_WIDTH "
     "UINT_FAST16_MAX UINT_FAST16_WIDTH UINT_FAST32_MAX UINT_FAST32_WIDTH "
     "UINT_FAST64_MAX UINT_FAST64_WIDTH UINT_FAST8_MAX UINT_FAST8_WIDTH "
     "UINT_LEAST16_MAX UINT_LEAST16_WIDTH UINT_LEAST32_MAX "
     "UINT_LEAST32_WIDTH UINT_LEAST64_MAX UINT_LEAST64_WIDTH UINT_LEAST8_MAX "
     "UINT_LEAST8_WIDTH WCHAR_MAX WCHAR_MIN WCHAR_WIDTH WINT_MAX WINT_MIN "
     "WINT_WIDTH int16_t int32_t int64_t int8_t int_fast16_t int_fast32_t "
     "int_fast64_t int_fast8_t int_least16_t int_least32_t int_least64_t "
     "int_least8_t intmax_t intptr_t uint16_t uint32_t uint64_t uint8_t "
     "uint_fast16_t uint_fast32_t uint_fast64_t uint_fast8_t uint_least16_t "
     "uint_least32_t uint_least64_t uint_least8_t uintmax_t uintptr_t"},
    {"<inttypes.h>",
     "PRIX16 PRIX32 PRIX64 PRIX8 PRIXFAST16 PRIXFAST32 PRIXFAST64 PRIXFAST8 "
     "PRIXLEAST16 PRIXLEAST32 PRIXLEAST64 PRIXLEAST8 PRIXMAX PRIXPTR PRId16 "
     "PRId32 PRId64 PRId8 PRIdFAST16 PRIdFAST32 PRIdFAST64 PRIdFAST8 "
     "PRIdLEAST16 PRIdLEAST32 PRIdLEAST64 PRIdLEAST8 PRIdMAX PRIdPTR PRIi16 "
     "PRIi32 PRIi64 PRIi8 PRIiFAST16 PRIiFAST32 PRIiFAST64 PRIiFAST8 "
     "PRIiLEAST16 PRIiLEAST32 PRIiLEAST64 PRIiLEAST8 PRIiMAX PRIiPTR PRIo16 "
     "PRIo32 PRIo64 PRIo8 PRIoFAST16 PRIoFAST32 PRIoFAST64 PRIoFAST8 "
     "PRIoLEAST16 PRIoLEAST32 PRIoLEAST64 PRIoLEAST8 PRIoMAX PRIoPTR PRIu16 "
     "PRIu32 PRIu64 PRIu8 PRIuFAST16 PRIuFAST32 PRIuFAST64 PRIuFAST8 "
     "PRIuLEAST16 PRIuLEAST32 PRIuLEAST64 PRIuLEAST8 PRIuMAX PRIuPTR PRIx16 "
     "PRIx32 PRIx64 PRIx8 PRIxFAST16 PRIxFAST32 PRIxFAST64 PRIxFAST8 "
     "PRIxLEAST16 PRIxLEAST32 PRIxLEAST64 PRIxLEAST8 PRIxMAX PRIxPTR SCNd16 "
     "SCNd32 SCNd64 SCNd8 SCNdFAST16 SCNdFAST32 SCNdFAST64 SCNdFAST8 "
     "SCNdLEAST16 SCNdLEAST32 SCNdLEAST64 SCNdLEAST8 SCNdMAX SCNdPTR SCNi16 "
     "SCNi32 SCNi64 SCNi8 SCNiFAST16 SCNiFAST32 SCNiFAST64 SCNiFAST8 "
     "SCNiLEAST16 SCNiLEAST32 SCNiLEAST64 SCNiLEAST8 SCNiMAX SCNiPTR SCNo16 "
     "SCNo32 SCNo64 SCNo8 SCNoFAST16 SCNoFAST32 SCNoFAST64 SCNoFAST8 "
     "SCNoLEAST16 SCNoLEAST32 SCNoLEAST64 SCNoLEAST8 SCNoMAX SCNoPTR SCNu16 "
     "SCNu32 SCNu64 SCNu8 SCNuFAST16 SCNuFAST32 SCNuFAST64 SCNuFAST8 "
     "SCNuLEAST16 SCNuLEAST32 SCNuLEAST64 SCNuLEAST8 SCNuMAX SCNuPTR SCNx16 "
     "SCNx32 SCNx64 SCNx8 SCNxFAST16 SCNxFAST32 SCNxFAST64 SCNxFAST8 "
     "SCNxLEAST16 SCNxLEAST32 SCNxLEAST64 SCNxLEAST8 SCNxMAX SCNxPTR imaxabs "
     "imaxdiv imaxdiv_t strtoimax strtoumax wcstoimax wcstoumax"},
    {"<errno.h>",
     "E2BIG EACCES EADDRINUSE EADDRNOTAVAIL EADV EAFNOSUPPORT EAGAIN "
     "EALREADY EBADE EBADF EBADFD EBADMSG EBADR EBADRQC EBADSLT EBFONT EBUSY "
     "ECANCELED ECHILD ECHRNG ECOMM ECONNABORTED ECONNREFUSED ECONNRESET "
     "EDEADLK EDEADLOCK EDESTADDRREQ EDOM EDOTDOT EDQUOT EEXIST EFAULT EFBIG "
     "EHOSTDOWN EHOSTUNREACH EHWPOISON EIDRM EILSEQ EINPROGRESS EINTR EINVAL "
     "EIO EISCONN EISDIR EISNAM EKEYEXPIRED EKEYREJECTED EKEYREVOKED EL2HLT "
     "EL2NSYNC EL3HLT EL3RST ELIBACC ELIBBAD ELIBEXEC ELIBMAX ELIBSCN ELNRNG "
     "ELOOP EMEDIUMTYPE EMFILE EMLINK EMSGSIZE EMULTIHOP ENAMETOOLONG "
     "ENAVAIL ENETDOWN ENETRESET ENETUNREACH ENFILE ENOANO ENOBUFS ENOCSI "
     "ENODATA ENODEV ENOENT ENOEXEC ENOKEY ENOLCK ENOLINK ENOMEDIUM ENOMEM "
     "ENOMSG ENONET ENOPKG ENOPROTOOPT ENOSPC ENOSR ENOSTR ENOSYS ENOTBLK "
     "ENOTCONN ENOTDIR ENOTEMPTY ENOTNAM ENOTRECOVERABLE ENOTSOCK ENOTSUP "
     "ENOTTY ENOTUNIQ ENXIO EOPNOTSUPP EOVERFLOW EOWNERDEAD EPERM "
     "EPFNOSUPPORT EPIPE EPROTO EPROTONOSUPPORT EPROTOTYPE ERANGE EREMCHG "
     "EREMOTE EREMOTEIO ERESTART ERFKILL EROFS ESHUTDOWN ESOCKTNOSUPPORT "
     "ESPIPE ESRCH ESRMNT ESTALE ESTRPIPE ETIME ETIMEDOUT ETOOMANYREFS "
     "ETXTBSY EUCLEAN EUNATCH EUSERS EWOULDBLOCK EXDEV EXFULL errno"},
    {"<assert.h>", "assert static_assert"},
    {"<ctype.h>",
     "isalnum isalnum_l isalpha isalpha_l isascii isascii_l isblank "
     "isblank_l iscntrl iscntrl_l isdigit isdigit_l isgraph isgraph_l "
     "islower islower_l isprint isprint_l ispunct ispunct_l isspace "
     "isspace_l isupper isupper_l isxdigit isxdigit_l locale_t toascii "
     "toascii_l tolower tolower_l toupper toupper_l"},
    {"<math.h>",
     "FP_ILOGB0 FP_ILOGBNAN FP_INFINITE FP_INT_DOWNWARD FP_INT_TONEAREST "
     "FP_INT_TONEARESTFROMZERO FP_INT_TOWARDZERO FP_INT_UPWARD FP_LLOGB0 "
     "FP_LLOGBNAN FP_NAN FP_NORMAL FP_SUBNORMAL FP_ZERO HUGE_VAL HUGE_VALF "
     "HUGE_VALL MATH_ERREXCEPT MATH_ERRNO M_1_PI M_2_PI M_2_SQRTPI M_E "
     "M_LN10 M_LN2 M_LOG10E M_LOG2E M_PI M_PI_2 M_PI_4 M_SQRT1_2 M_SQRT2 "
     "acos acosf acosh acoshf acoshl acosl asin asinf asinh asinhf asinhl "
     "asinl atan atan2 atan2f atan2l atanf atanh atanhf atanhl atanl "
     "canonicalize canonicalizef canonicalizel cbrt cbrtf cbrtl ceil ceilf "
     "ceill copysign copysignf copysignl cos cosf cosh coshf coshl cosl "
     "daddl ddivl dfmal dmull double_t drem dremf dreml dsqrtl dsubl erf "
     "erfc erfcf erfcl erff erfl exp exp10 exp10f exp10l exp2 exp2f exp2l "
     "expf expl expm1 expm1f expm1l fabs fabsf fabsl fadd faddl fdim fdimf "
     "fdiml fdiv fdivl ffma ffmal finite finitef finitel float_t floor "
     "floorf floorl fma fmaf fmal fmax fmaxf fmaximum fmaximum_mag "
     "fmaximum_mag_num fmaximum_mag_numf fmaximum_mag_numl fmaximum_magf "
     "fmaximum_magl fmaximum_num fmaximum_numf fmaximum_numl fmaximumf "
     "fmaximuml fmaxl fmin fminf fminimum fminimum_mag fminimum_mag_num "
     "fminimum_mag_numf fminimum_mag_numl fminimum_magf fminimum_magl "
     "fminimum_num fminimum_numf fminimum_numl fminimumf fminimuml fminl "
     "fmod fmodf fmodl fmul fmull fpclassify frexp frexpf frexpl fromfp "
     "fromfpf fromfpl fromfpx fromfpxf fromfpxl fsqrt fsqrtl fsub fsubl "
     "gamma gammaf gammal hypot hypotf hypotl ilogb ilogbf ilogbl "
     "iscanonical iseqsig isfinite isgreater isgreaterequal isinf isinff "
     "isinfl isless islessequal islessgreater isnan isnanf isnanl isnormal "
     "issignaling issubnormal isunordered iszero j0 j0f j0l j1 j1f j1l jn "
     "jnf jnl ldexp ldexpf ldexpl lgamma lgamma_r lgammaf lgammaf_r lgammal "
     "lgammal_r llogb llogbf llogbl llrint llrintf llrintl llround llroundf "
     "llroundl log log10 log10f log10l log1p log1pf log1pl log2 log2f log2l "
     "logb logbf logbl logf logl lrint lrintf lrintl lround lroundf lroundl "
     "math_errhandling modf modff modfl nan nanf nanl nearbyint nearbyintf "
     "nearbyintl nextafter nextafterf nextafterl nextdown nextdownf "
     "nextdownl nexttoward nexttowardf nexttowardl nextup nextupf nextupl "
     "pow powf powl remainder remainderf remainderl remquo remquof remquol "
     "rint rintf rintl round roundeven roundevenf roundevenl roundf roundl "
     "scalb scalbf scalbl scalbln scalblnf scalblnl scalbn scalbnf scalbnl "
     "signbit signgam significand significandf significandl sin sinf sinh "
     "sinhf sinhl sinl sqrt sqrtf sqrtl tan tanf tanh tanhf tanhl tanl "
     "tgamma tgammaf tgammal trunc truncf truncl ufromfp ufromfpf ufromfpl "
     "ufromfpx ufromfpxf ufromfpxl y0 y0f y0l y1 y1f y1l yn ynf ynl"},
    {"<complex.h>",
     "I cabs cabsf cabsl cacos cacosf cacosh cacoshf cacoshl cacosl carg "
     "cargf cargl casin casinf casinh casinhf casinhl casinl catan catanf "
     "catanh catanhf catanhl catanl ccos ccosf ccosh ccoshf ccoshl ccosl "
     "cexp cexpf cexpl cimag cimagf cimagl clog clogf clogl complex conj "
     "conjf conjl cpow cpowf cpowl cproj cprojf cprojl creal crealf creall "
     "csin csinf csinh csinhf csinhl csinl csqrt csqrtf csqrtl ctan ctanf "
     "ctanh ctanhf ctanhl ctanl"},
    {"<fenv.h>",
     "FE_ALL_EXCEPT FE_DFL_ENV FE_DFL_MODE FE_DIVBYZERO FE_DOWNWARD "
     "FE_INEXACT FE_INVALID FE_OVERFLOW FE_TONEAREST FE_TOWARDZERO "
     "FE_UNDERFLOW FE_UPWARD feclearexcept fegetenv fegetexceptflag "
     "fegetmode fegetround feholdexcept femode_t fenv_t feraiseexcept "
     "fesetenv fesetexcept fesetexceptflag fesetmode fesetround fetestexcept "
     "fetestexceptflag feupdateenv fexcept_t"},
    {"<setjmp.h>", "jmp_buf longjmp setjmp sigjmp_buf siglongjmp sigsetjmp"},
    {"<signal.h>",
     "BUS_ADRALN BUS_ADRERR BUS_MCEERR_AO BUS_MCEERR_AR BUS_OBJERR "
     "CLD_CONTINUED CLD_DUMPED CLD_EXITED CLD_KILLED CLD_STOPPED CLD_TRAPPED "
     "FPE_CONDTRAP FPE_FLTDIV FPE_FLTINV FPE_FLTOVF FPE_FLTRES FPE_FLTSUB "
     "FPE_FLTUND FPE_FLTUNK FPE_INTDIV FPE_INTOVF FP_XSTATE_MAGIC1 "
     "FP_XSTATE_MAGIC2 FP_XSTATE_MAGIC2_SIZE ILL_BADIADDR ILL_BADSTK "
     "ILL_COPROC ILL_ILLADR ILL_ILLOPC ILL_ILLOPN ILL_ILLTRP ILL_PRVOPC "
     "ILL_PRVREG MINSIGSTKSZ NGREG NSIG POLL_ERR POLL_HUP POLL_IN POLL_MSG "
     "POLL_OUT POLL_PRI SA_INTERRUPT SA_NOCLDSTOP SA_NOCLDWAIT SA_NODEFER "
     "SA_NOMASK SA_ONESHOT SA_ONSTACK SA_RESETHAND SA_RESTART SA_SIGINFO "
     "SA_STACK SEGV_ACCADI SEGV_ACCERR SEGV_ADIDERR SEGV_ADIPERR SEGV_BNDERR "
     "SEGV_MAPERR SEGV_MTEAERR SEGV_MTESERR SEGV_PKUERR SIGABRT SIGALRM "
     "SIGBUS SIGCHLD SIGCLD SIGCONT SIGEV_NONE SIGEV_SIGNAL SIGEV_THREAD "
     "SIGEV_THREAD_ID SIGFPE SIGHUP SIGILL SIGINT SIGIO SIGIOT SIGKILL "
     "SIGPIPE SIGPOLL SIGPROF SIGPWR SIGQUIT SIGRTMAX SIGRTMIN SIGSEGV "
     "SIGSTKFLT SIGSTKSZ SIGSTOP SIGSYS SIGTERM SIGTRAP SIGTSTP SIGTTIN "
     "SIGTTOU SIGURG SIGUSR1 SIGUSR2 SIGVTALRM SIGWINCH SIGXCPU SIGXFSZ "
     "SIG_BLOCK SIG_DFL SIG_ERR SIG_IGN SIG_SETMASK SIG_UNBLOCK SI_ASYNCIO "
     "SI_ASYNCNL SI_DETHREAD SI_KERNEL SI_MESGQ SI_QUEUE SI_SIGIO SI_TIMER "
     "SI_TKILL SI_USER SS_DISABLE SS_ONSTACK fpregset_t greg_t gregset_t "
     "gsignal kill killpg mcontext_t pid_t psiginfo psignal pthread_attr_t "
     "pthread_barrier_t pthread_barrierattr_t pthread_cond_t "
     "pthread_condattr_t pthread_key_t pthread_kill pthread_mutex_t "
     "pthread_mutexattr_t pthread_once_t pthread_rwlock_t "
     "pthread_rwlockattr_t pthread_sigmask pthread_spinlock_t pthread_t "
     "raise sa_handler sa_sigaction si_addr si_addr_lsb si_arch si_band "
     "si_call_addr si_fd si_int si_lower si_overrun si_pid si_pkey si_ptr "
     "si_status si_stime si_syscall si_timerid si_uid si_upper si_utime "
     "si_value sig_atomic_t sig_t sigaction sigaddset sigaltstack sigblock "
     "sigdelset sigemptyset sigev_notify_attributes sigev_notify_function "
     "sigevent_t sigfillset siggetmask siginfo_t siginterrupt sigismember "
     "sigmask signal sigpending sigprocmask sigqueue sigreturn sigset_t "
     "sigsetmask sigstack sigsuspend sigtimedwait sigval_t sigwait "
     "sigwaitinfo ssignal stack_t time_t ucontext_t uid_t"},
    {"<stdio.h>",
     "BUFSIZ EOF FILE FILENAME_MAX FOPEN_MAX L_ctermid L_tmpnam P_tmpdir "
     "SEEK_CUR SEEK_END SEEK_SET TMP_MAX clearerr clearerr_unlocked ctermid "
     "dprintf fclose fdopen feof feof_unlocked ferror ferror_unlocked fflush "
     "fflush_unlocked fgetc fgetc_unlocked fgetpos fgets fileno "
     "fileno_unlocked flockfile fmemopen fopen fpos_t fprintf fputc "
     "fputc_unlocked fputs fread fread_unlocked freopen fscanf fseek fseeko "
     "fsetpos ftell ftello ftrylockfile funlockfile fwrite fwrite_unlocked "
     "getc getc_unlocked getchar getchar_unlocked getdelim getline getw "
     "off_t open_memstream pclose perror popen printf putc putc_unlocked "
     "putchar putchar_unlocked puts putw remove rename renameat rewind scanf "
     "setbuf setbuffer setlinebuf setvbuf snprintf sprintf sscanf ssize_t "
     "stderr stdin stdout tempnam tmpfile tmpnam tmpnam_r ungetc vdprintf "
     "vfprintf vfscanf vprintf vscanf vsnprintf vsprintf vsscanf"},
    {"<stdlib.h>",
     "BIG_ENDIAN BYTE_ORDER EXIT_FAILURE EXIT_SUCCESS FD_CLR FD_ISSET FD_SET "
     "FD_SETSIZE FD_ZERO LITTLE_ENDIAN MB_CUR_MAX NFDBITS PDP_ENDIAN "
     "RAND_MAX WCONTINUED WEXITED WEXITSTATUS WIFCONTINUED WIFEXITED "
     "WIFSIGNALED WIFSTOPPED WNOHANG WNOWAIT WSTOPPED WSTOPSIG WTERMSIG "
     "WUNTRACED a64l abort abs aligned_alloc alloca arc4random "
     "arc4random_buf arc4random_uniform at_quick_exit atexit atof atoi atol "
     "atoll be16toh be32toh be64toh blkcnt_t blksize_t bsearch caddr_t "
     "calloc clearenv clock_t clockid_t daddr_t dev_t div div_t drand48 "
     "drand48_r ecvt ecvt_r erand48 erand48_r exit fcvt fcvt_r fd_mask "
     "fd_set free fsblkcnt_t fsfilcnt_t fsid_t gcvt getenv getloadavg "
     "getsubopt gid_t htobe16 htobe32 htobe64 htole16 htole32 htole64 id_t "
     "initstate initstate_r ino_t jrand48 jrand48_r key_t l64a labs lcong48 "
     "lcong48_r ldiv ldiv_t le16toh le32toh le64toh llabs lldiv lldiv_t "
     "loff_t lrand48 lrand48_r malloc mblen mbstowcs mbtowc mkdtemp mkstemp "
     "mkstemps mktemp mode_t mrand48 mrand48_r nlink_t nrand48 nrand48_r "
     "on_exit posix_memalign pselect putenv qecvt qecvt_r qfcvt qfcvt_r "
     "qgcvt qsort quad_t quick_exit rand rand_r random random_r realloc "
     "reallocarray realpath register_t rpmatch seed48 seed48_r select setenv "
     "setstate setstate_r srand srand48 srand48_r srandom srandom_r strfromd "
     "strfromf strfroml strtod strtof strtol strtold strtoll strtoq strtoul "
     "strtoull strtouq suseconds_t system timer_t u_char u_int u_int16_t "
     "u_int32_t u_int64_t u_int8_t u_long u_quad_t u_short uint ulong "
     "unsetenv ushort valloc wcstombs wctomb"},
    {"<string.h>",
     "bcmp bcopy bzero explicit_bzero ffs ffsl ffsll index memccpy memchr "
     "memcmp memcpy memmove memset rindex stpcpy stpncpy strcasecmp "
     "strcasecmp_l strcat strchr strcmp strcoll strcoll_l strcpy strcspn "
     "strdup strerror strerror_l strerror_r strlen strncasecmp strncasecmp_l "
     "strncat strncmp strncpy strndup strnlen strpbrk strrchr strsep "
     "strsignal strspn strstr strtok strtok_r strxfrm strxfrm_l"},
    {"<time.h>",
     "CLOCKS_PER_SEC CLOCK_BOOTTIME CLOCK_BOOTTIME_ALARM CLOCK_MONOTONIC "
     "CLOCK_MONOTONIC_COARSE CLOCK_MONOTONIC_RAW CLOCK_PROCESS_CPUTIME_ID "
     "CLOCK_REALTIME CLOCK_REALTIME_ALARM CLOCK_REALTIME_COARSE CLOCK_TAI "
     "CLOCK_THREAD_CPUTIME_ID TIMER_ABSTIME TIME_UTC asctime asctime_r clock "
     "clock_getcpuclockid clock_getres clock_gettime clock_nanosleep "
     "clock_settime ctime ctime_r daylight difftime dysize gmtime gmtime_r "
     "localtime localtime_r mktime nanosleep strftime strftime_l time timegm "
     "timelocal timer_create timer_delete timer_getoverrun timer_gettime "
     "timer_settime timespec_get timespec_getres timezone tzname tzset"},
    {"<locale.h>",
     "LC_ADDRESS LC_ADDRESS_MASK LC_ALL LC_ALL_MASK LC_COLLATE "
     "LC_COLLATE_MASK LC_CTYPE LC_CTYPE_MASK LC_GLOBAL_LOCALE "
     "LC_IDENTIFICATION LC_IDENTIFICATION_MASK LC_MEASUREMENT "
     "LC_MEASUREMENT_MASK LC_MESSAGES LC_MESSAGES_MASK LC_MONETARY "
     "LC_MONETARY_MASK LC_NAME LC_NAME_MASK LC_NUMERIC LC_NUMERIC_MASK "
     "LC_PAPER LC_PAPER_MASK LC_TELEPHONE LC_TELEPHONE_MASK LC_TIME "
     "LC_TIME_MASK duplocale freelocale localeconv newlocale setlocale "
     "uselocale"},
    {"<wchar.h>",
     "WEOF btowc fgetwc fgetws fputwc fputws fwide fwprintf fwscanf getwc "
     "getwchar mbrlen mbrtowc mbsinit mbsnrtowcs mbsrtowcs mbstate_t "
     "open_wmemstream putwc putwchar swprintf swscanf ungetwc vfwprintf "
     "vfwscanf vswprintf vswscanf vwprintf vwscanf wcpcpy wcpncpy wcrtomb "
     "wcscasecmp wcscasecmp_l wcscat wcschr wcscmp wcscoll wcscoll_l wcscpy "
     "wcscspn wcsdup wcsftime wcslen wcsncasecmp wcsncasecmp_l wcsncat "
     "wcsncmp wcsncpy wcsnlen wcsnrtombs wcspbrk wcsrchr wcsrtombs wcsspn "
     "wcsstr wcstod wcstof wcstok wcstol wcstold wcstoll wcstoul wcstoull "
     "wcsxfrm wcsxfrm_l wctob wint_t wmemchr wmemcmp wmemcpy wmemmove "
     "wmemset wprintf wscanf"},
    {"<wctype.h>",
     "iswalnum iswalnum_l iswalpha iswalpha_l iswblank iswblank_l iswcntrl "
     "iswcntrl_l iswctype iswctype_l iswdigit iswdigit_l iswgraph iswgraph_l "
     "iswlower iswlower_l iswprint iswprint_l iswpunct iswpunct_l iswspace "
     "iswspace_l iswupper iswupper_l iswxdigit iswxdigit_l towctrans "
     "towctrans_l towlower towlower_l towupper towupper_l wctrans wctrans_l "
     "wctrans_t wctype wctype_l wctype_t"},
    {"<uchar.h>",
     "c16rtomb c32rtomb c8rtomb char16_t char32_t char8_t mbrtoc16 mbrtoc32 "
     "mbrtoc8"},
    {"<threads.h>",
     "ONCE_FLAG_INIT TSS_DTOR_ITERATIONS call_once cnd_broadcast cnd_destroy "
     "cnd_init cnd_signal cnd_t cnd_timedwait cnd_wait mtx_destroy mtx_init "
     "mtx_lock mtx_plain mtx_recursive mtx_t mtx_timed mtx_timedlock "
     "mtx_trylock mtx_unlock once_flag thrd_busy thrd_create thrd_current "
     "thrd_detach thrd_equal thrd_error thrd_exit thrd_join thrd_nomem "
     "thrd_sleep thrd_start_t thrd_success thrd_t thrd_timedout thrd_yield "
     "thread_local tss_create tss_delete tss_dtor_t tss_get tss_set tss_t"},
    {"<stdatomic.h>",
     "ATOMIC_BOOL_LOCK_FREE ATOMIC_CHAR16_T_LOCK_FREE "
     "ATOMIC_CHAR32_T_LOCK_FREE ATOMIC_CHAR8_T_LOCK_FREE "
     "ATOMIC_CHAR_LOCK_FREE ATOMIC_FLAG_INIT ATOMIC_INT_LOCK_FREE "
     "ATOMIC_LLONG_LOCK_FREE ATOMIC_LONG_LOCK_FREE ATOMIC_POINTER_LOCK_FREE "
     "ATOMIC_SHORT_LOCK_FREE ATOMIC_VAR_INIT ATOMIC_WCHAR_T_LOCK_FREE "
     "atomic_bool atomic_char atomic_char16_t atomic_char32_t atomic_char8_t "
     "atomic_compare_exchange_strong atomic_compare_exchange_strong_explicit "
     "atomic_compare_exchange_weak atomic_compare_exchange_weak_explicit "
     "atomic_exchange atomic_exchange_explicit atomic_fetch_add "
     "atomic_fetch_add_explicit atomic_fetch_and atomic_fetch_and_explicit "
     "atomic_fetch_or atomic_fetch_or_explicit atomic_fetch_sub "
     "atomic_fetch_sub_explicit atomic_fetch_xor atomic_fetch_xor_explicit "
     "atomic_flag atomic_flag_clear atomic_flag_clear_explicit "
     "atomic_flag_test_and_set atomic_flag_test_and_set_explicit atomic_init "
     "atomic_int atomic_int_fast16_t atomic_int_fast32_t atomic_int_fast64_t "
     "atomic_int_fast8_t atomic_int_least16_t atomic_int_least32_t "
     "atomic_int_least64_t atomic_int_least8_t atomic_intmax_t "
     "atomic_intptr_t atomic_is_lock_free atomic_llong atomic_load "
     "atomic_load_explicit atomic_long atomic_ptrdiff_t atomic_schar "
     "atomic_short atomic_signal_fence atomic_size_t atomic_store "
     "atomic_store_explicit atomic_thread_fence atomic_uchar atomic_uint "
     "atomic_uint_fast16_t atomic_uint_fast32_t atomic_uint_fast64_t "
     "atomic_uint_fast8_t atomic_uint_least16_t atomic_uint_least32_t "
     "atomic_uint_least64_t atomic_uint_least8_t atomic_uintmax_t "
     "atomic_uintptr_t atomic_ullong atomic_ulong atomic_ushort "
     "atomic_wchar_t kill_dependency memory_order memory_order_acq_rel "
     "memory_order_acquire memory_order_consume memory_order_relaxed "
     "memory_order_release memory_order_seq_cst"},
    {"<stdckdint.h>", "ckd_add ckd_mul ckd_sub"},
};

/// Returns whether `symbol` is one of the names separated by spaces in
/// `names`.
static bool isListed(StringRef names, StringRef symbol) {
  llvm::SmallVector<StringRef> list;
  names.split(list, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return llvm::is_contained(list, symbol);
}

std::string compile::getReservedReason(StringRef symbol) {
  if (symbol == "main")
    return "is the C program's entry point";
  if (llvm::is_contained(kCKeywords, symbol))
    return "is a C keyword, which the generated header cannot declare";
  if (llvm::is_contained(kCxxKeywords, symbol))
    return "is a C++ keyword, which a C++ program that includes the "
           "generated header cannot declare";
  if (isStdintName(symbol))
    return "is declared by <stdint.h>, which the generated header includes";
  if (llvm::is_contained(kGNUPredefinedMacros, symbol))
    return "is a macro that gcc, g++ and clang predefine in their default "
           "GNU modes (as 1), which breaks the generated header";
  for (StringRef runtimePrefix : {"omp_", "kmp_", "__kmpc_", "ompt_"})
    if (symbol.starts_with(runtimePrefix))
      return "is in the namespace of the OpenMP runtime, which the object "
             "may call";
  // C11 7.1.3: identifiers beginning with an underscore are reserved at
  // file scope (`_start`, `_init` and `_fini` are the C runtime's).
  if (symbol.starts_with("_"))
    return "is reserved for the C implementation (it begins with '_', "
           "which C reserves at file scope)";
  for (StringRef name : kMathNames)
    if (symbol == name ||
        (symbol.size() == name.size() + 1 && symbol.starts_with(name) &&
         (symbol.back() == 'f' || symbol.back() == 'l')))
      return "is a function of the C math library, which the object or the "
             "program may call";
  if (isListed(kRuntimeNames, symbol))
    return "is a name of the C library that the object or its OpenMP "
           "runtime (libomp) uses: the exported function would replace it in "
           "the linked program";
  for (const auto &header : kStandardHeaderNames)
    if (isListed(header.names, symbol))
      return ("is declared by the standard C header " + header.header +
              ", which a program may include with the generated header")
          .str();
  return {};
}
