//===- NpyIO.cpp - read and write NumPy .npy files ------------------------===//
//
// Format reference: numpy.lib.format. A file is the magic "\x93NUMPY", a
// major and a minor version byte, the header length (uint16 for 1.0, uint32
// for 2.0 and 3.0, little-endian), the header (a Python dict literal padded
// with spaces and ending in '\n'), then the raw data.
//
//===----------------------------------------------------------------------===//

#include "norm/Runner/NpyIO.h"
#include "norm/Support/EscapedText.h"

#include "RunnerSupport.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <limits>
#include <system_error>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::runner;
using llvm::createStringError;

static constexpr StringLiteral kMagic = "\x93NUMPY";

/// The error of an image that does not start with kMagic; readNpyFile adds
/// what else a tensor file may be.
static constexpr StringLiteral kBadMagicMessage =
    "not a .npy file (bad magic string)";

/// The error of an empty image (an empty file, /dev/null, an empty stdin),
/// which has no magic string to be bad.
static constexpr StringLiteral kEmptyMessage =
    "the input is empty (0 bytes); expected a .npy image (starting with the "
    "magic string \"\\x93NUMPY\")";

StringRef runner::getNpyDtype(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "<f2";
  case ElementType::BF16:
    return "<u2";
  case ElementType::F32:
    return "<f4";
  case ElementType::F64:
    return "<f8";
  case ElementType::I32:
    return "<i4";
  case ElementType::I64:
    return "<i8";
  }
  llvm_unreachable("unknown ElementType");
}

//===----------------------------------------------------------------------===//
// Header dict parsing
//===----------------------------------------------------------------------===//

namespace {
/// The fields of a .npy header.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  SmallVector<int64_t> shape;
};

/// Parses the Python literal NumPy writes as the header, e.g.
///   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
/// Only the subset NumPy produces is accepted: the keys 'descr',
/// 'fortran_order' and 'shape', each exactly once, with string, boolean and
/// integer-tuple values.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text), rest(text) {}

  llvm::Expected<NpyHeader> parse() {
    NpyHeader header;
    bool seenDescr = false, seenOrder = false, seenShape = false;
    if (!consume('{'))
      return syntaxError("expected '{'");
    while (!consume('}')) {
      std::string key;
      if (llvm::Error err = parseString(key))
        return std::move(err);
      if (!consume(':'))
        return syntaxError("expected ':' after '" + escapeForMessage(key) +
                           "'");
      // As numpy.lib.format's reader: exactly these three keys, each once.
      bool *seen = key == "descr"           ? &seenDescr
                   : key == "fortran_order" ? &seenOrder
                   : key == "shape"         ? &seenShape
                                            : nullptr;
      if (!seen)
        return error("unexpected key '" + escapeForMessage(key) +
                     "'; the dict has only the keys 'descr', "
                     "'fortran_order' and 'shape'");
      if (*seen)
        return error("repeated key '" + escapeForMessage(key) + "'");
      *seen = true;
      if (key == "descr") {
        if (llvm::Error err = parseString(header.descr))
          return std::move(err);
      } else if (key == "fortran_order") {
        if (llvm::Error err = parseBool(header.fortranOrder))
          return std::move(err);
      } else {
        if (llvm::Error err = parseShape(header.shape))
          return std::move(err);
      }
      if (!consume(',')) {
        if (!consume('}'))
          return syntaxError("expected ',' or '}'");
        break;
      }
    }
    skipSpace();
    if (!rest.empty())
      return syntaxError("unexpected text after the dict");
    if (!seenDescr || !seenOrder || !seenShape)
      return error("the dict must have the keys 'descr', 'fortran_order' "
                   "and 'shape'");
    return std::move(header);
  }

private:
  llvm::Error error(const Twine &message) {
    return createStringError("malformed header: " + message);
  }

  /// A syntax error at the parser's position: `message`, then what is found
  /// there ("..., found 'Fals' at offset 37 of the header").
  llvm::Error syntaxError(const Twine &message) {
    skipSpace();
    constexpr size_t kShown = 16;
    StringRef shown = rest.rtrim();
    std::string found =
        shown.empty()
            ? std::string("the end of the header")
            : "'" + escapeForMessage(shown.take_front(kShown).rtrim()) + "'" +
                  (shown.size() > kShown ? "..." : "");
    return error(message + ", found " + found + " at offset " +
                 Twine(rest.data() - text.data()) + " of the header");
  }

  void skipSpace() { rest = rest.ltrim(); }

  bool consume(char c) {
    skipSpace();
    return rest.consume_front(StringRef(&c, 1));
  }

  llvm::Error parseString(std::string &result) {
    skipSpace();
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return syntaxError("expected a quoted string");
    char quote = rest.front();
    size_t end = rest.find(quote, 1);
    if (end == StringRef::npos)
      return syntaxError("unterminated string");
    result = rest.slice(1, end).str();
    rest = rest.drop_front(end + 1);
    return llvm::Error::success();
  }

  llvm::Error parseBool(bool &result) {
    skipSpace();
    if (rest.consume_front("True"))
      result = true;
    else if (rest.consume_front("False"))
      result = false;
    else
      return syntaxError("expected True or False for 'fortran_order'");
    return llvm::Error::success();
  }

  llvm::Error parseShape(SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return syntaxError("expected a tuple for 'shape'");
    while (!consume(')')) {
      skipSpace();
      // A Python integer literal: digits, which single underscores may
      // group ("2_0", as NumPy's reader, ast.literal_eval, accepts), without
      // an underscore at either end or two in a row.
      StringRef spelling =
          rest.take_while([](char c) { return llvm::isDigit(c) || c == '_'; });
      auto notAnInteger = [&](StringRef why) {
        return error("'" + escapeForMessage(spelling) +
                     "' in 'shape' is not a Python integer (" + why +
                     "); the header is '" + escapeForMessage(text.rtrim()) +
                     "'");
      };
      if (spelling.starts_with("_") || spelling.ends_with("_") ||
          spelling.contains("__"))
        return notAnInteger("an underscore may only stand between two "
                            "digits");
      std::string digits;
      llvm::copy_if(spelling, std::back_inserter(digits),
                    [](char c) { return c != '_'; });
      // A dim too large for int64_t is a size error, not a malformed header.
      unsigned long long dim;
      if (!digits.empty() && (StringRef(digits).getAsInteger(10, dim) ||
                              dim > static_cast<unsigned long long>(INT64_MAX)))
        return createStringError(
            "dimension " + spelling +
            " in 'shape' is too large: " + describeSizeLimit("the sizes"));
      // Python 3 reads a leading zero only in zero itself ("00", "0_0"):
      // "02" is a syntax error, which NumPy's reader rejects.
      if (digits.size() > 1 && digits.front() == '0' &&
          StringRef(digits).find_first_not_of('0') != StringRef::npos)
        return notAnInteger("a leading zero is allowed only in 0");
      if (digits.empty())
        return syntaxError("expected a non-negative integer in 'shape'");
      rest = rest.drop_front(spelling.size());
      shape.push_back(static_cast<int64_t>(dim));
      if (!consume(',')) {
        if (!consume(')'))
          return syntaxError("expected ',' or ')' in 'shape'");
        // Python reads "(8)" as the integer 8; a tuple of one is "(8,)".
        if (shape.size() == 1)
          return error("expected a tuple for 'shape', but '(" + Twine(dim) +
                       ")' is an integer in parentheses (a tuple of one "
                       "element is written '(" +
                       Twine(dim) + ",)')");
        break;
      }
    }
    return llvm::Error::success();
  }

  /// The whole header, for messages.
  StringRef text;
  StringRef rest;
};
} // namespace

/// Maps a dtype string to an element type, honouring the bf16 rule.
static llvm::Expected<ElementType>
getElementTypeFromDtype(StringRef descr,
                        std::optional<ElementType> expectedType) {
  if (descr.size() < 2)
    return createStringError("unsupported dtype '" + escapeForMessage(descr) +
                             "'");
  char order = descr.front();
  StringRef kind = descr.drop_front();
  if (order == '>')
    return createStringError("big-endian dtype '" + escapeForMessage(descr) +
                             "' is not supported; use little-endian ('<')");
  if (order == '=' && !llvm::sys::IsLittleEndianHost)
    return createStringError("native-order dtype '" + escapeForMessage(descr) +
                             "' on a big-endian host is not supported");
  std::optional<ElementType> type;
  if (order == '<' || order == '=') {
    if (kind == "f2")
      type = ElementType::F16;
    else if (kind == "f4")
      type = ElementType::F32;
    else if (kind == "f8")
      type = ElementType::F64;
    else if (kind == "i4")
      type = ElementType::I32;
    else if (kind == "i8")
      type = ElementType::I64;
    else if (kind == "u2") {
      if (expectedType != ElementType::BF16)
        return createStringError(
            "dtype '" + escapeForMessage(descr) +
            "' is only accepted as bf16 bit patterns where a bf16 tensor is "
            "expected" +
            (expectedType
                 ? Twine(" (here: ") + getElementTypeName(*expectedType) + ")"
                 : Twine()));
      type = ElementType::BF16;
    }
  }
  if (!type)
    return createStringError("unsupported dtype '" + escapeForMessage(descr) +
                             "'; supported: '<f2', '<f4', '<f8', '<i4', "
                             "'<i8', and '<u2' for bf16");
  return *type;
}

namespace {
/// What the bytes before the data of a .npy image say.
struct NpyLayout {
  ElementType type;
  SmallVector<int64_t> shape;
  /// Where the data starts, and its size in bytes.
  uint64_t dataOffset;
  uint64_t dataSize;
};
} // namespace

/// The longest prelude (magic, version, header length) of a .npy image.
static constexpr size_t kMaxPreludeSize = kMagic.size() + 6;

/// Decodes the prelude at the start of `start` (the first kMaxPreludeSize
/// bytes of the image, or all of it if shorter) into the size of the
/// prelude and the length of the header that follows it. `imageSize` is the
/// size of the whole image.
static llvm::Error parsePrelude(StringRef start, uint64_t imageSize,
                                size_t &prelude, uint64_t &headerLength) {
  if (start.empty())
    return createStringError(kEmptyMessage);
  if (!start.starts_with(kMagic))
    return createStringError(kBadMagicMessage);
  if (start.size() < kMagic.size() + 2)
    return createStringError("truncated .npy prelude");
  uint8_t major = start[kMagic.size()];
  const char *lengthField = start.data() + kMagic.size() + 2;
  if (major == 1) {
    prelude = kMagic.size() + 4;
    if (start.size() < prelude)
      return createStringError("truncated .npy prelude");
    headerLength = llvm::support::endian::read16le(lengthField);
  } else if (major == 2 || major == 3) {
    prelude = kMagic.size() + 6;
    if (start.size() < prelude)
      return createStringError("truncated .npy prelude");
    headerLength = llvm::support::endian::read32le(lengthField);
  } else {
    return createStringError(
        "unsupported .npy format version " + Twine(unsigned(major)) + "." +
        Twine(unsigned(static_cast<uint8_t>(start[kMagic.size() + 1]))));
  }
  if (headerLength > imageSize - prelude)
    return createStringError("header length " + Twine(headerLength) +
                             " runs past the end of the file");
  return llvm::Error::success();
}

/// Decodes the header `text` of an image of `imageSize` bytes whose data
/// starts at `dataOffset`, and checks that the data has the size the shape
/// needs (where the size is known: not for a stream).
static llvm::Expected<NpyLayout>
parseLayout(StringRef text, uint64_t dataOffset,
            std::optional<uint64_t> imageSize,
            std::optional<ElementType> expectedType) {
  llvm::Expected<NpyHeader> header = HeaderParser(text).parse();
  if (!header)
    return header.takeError();
  llvm::Expected<ElementType> type =
      getElementTypeFromDtype(header->descr, expectedType);
  if (!type)
    return type.takeError();
  if (header->fortranOrder)
    return createStringError("fortran_order arrays are not supported; save "
                             "a C-order array (np.ascontiguousarray)");

  std::optional<int64_t> numElements =
      HostTensor::getNumElements(header->shape);
  if (!numElements)
    return createStringError(
        "shape '" + formatTensorType(header->shape, *type) +
        "' has too many elements: " + describeSizeLimit("its sizes"));
  uint64_t needed = *numElements * getElementTypeSize(*type);
  if (!imageSize)
    return NpyLayout{*type, std::move(header->shape), dataOffset, needed};
  uint64_t available = *imageSize - dataOffset;
  std::string typeText = formatTensorType(header->shape, *type);
  if (available < needed)
    return createStringError("truncated data: " + typeText + " needs " +
                             Twine(needed) + " bytes, the file has " +
                             Twine(available));
  if (available > needed)
    return createStringError("data size mismatch: " + typeText + " needs " +
                             Twine(needed) + " bytes, the file has " +
                             Twine(available));
  return NpyLayout{*type, std::move(header->shape), dataOffset, needed};
}

llvm::Expected<HostTensor>
runner::readNpy(llvm::MemoryBufferRef buffer,
                std::optional<ElementType> expectedType) {
  StringRef bytes = buffer.getBuffer();
  size_t prelude;
  uint64_t headerLength;
  if (llvm::Error err = parsePrelude(bytes.take_front(kMaxPreludeSize),
                                     bytes.size(), prelude, headerLength))
    return std::move(err);
  llvm::Expected<NpyLayout> layout =
      parseLayout(bytes.substr(prelude, headerLength), prelude + headerLength,
                  bytes.size(), expectedType);
  if (!layout)
    return layout.takeError();
  llvm::Expected<HostTensor> tensor =
      HostTensor::allocate(layout->type, layout->shape);
  if (!tensor)
    return tensor.takeError();
  if (layout->dataSize)
    std::memcpy(tensor->getData(), bytes.data() + layout->dataOffset,
                layout->dataSize);
  return tensor;
}

/// Reads `size` bytes at `offset` of the open file `fd` into `data`.
static llvm::Error readFileRange(llvm::sys::fs::file_t fd, char *data,
                                 uint64_t size, uint64_t offset) {
  while (size) {
    // Linux reads at most about 2 GiB per call.
    size_t chunk = std::min<uint64_t>(size, uint64_t(1) << 30);
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFileSlice(
        fd, llvm::MutableArrayRef<char>(data, chunk), offset);
    if (!read)
      return read.takeError();
    if (*read == 0)
      return createStringError("the file ended early (did it change while "
                               "being read?)");
    data += *read;
    size -= *read;
    offset += *read;
  }
  return llvm::Error::success();
}

/// Reads a .npy image from the open regular file `fd` of `fileSize` bytes:
/// the prelude and header first, then the data straight into a tensor
/// allocated with HostTensor::allocate, so that a file too large for memory
/// is an error and is never held twice.
static llvm::Expected<HostTensor>
readNpyRegularFile(llvm::sys::fs::file_t fd, StringRef path, uint64_t fileSize,
                   std::optional<ElementType> expectedType) {
  auto readSlice = [&](uint64_t size) {
    return llvm::MemoryBuffer::getOpenFileSlice(fd, path, size, /*Offset=*/0);
  };
  auto start = readSlice(std::min<uint64_t>(fileSize, kMaxPreludeSize));
  if (!start)
    return llvm::errorCodeToError(start.getError());
  size_t prelude;
  uint64_t headerLength;
  if (llvm::Error err =
          parsePrelude((*start)->getBuffer(), fileSize, prelude, headerLength))
    return std::move(err);
  auto header = readSlice(prelude + headerLength);
  if (!header)
    return llvm::errorCodeToError(header.getError());
  llvm::Expected<NpyLayout> layout =
      parseLayout((*header)->getBuffer().drop_front(prelude),
                  prelude + headerLength, fileSize, expectedType);
  if (!layout)
    return layout.takeError();
  llvm::Expected<HostTensor> tensor =
      HostTensor::allocate(layout->type, layout->shape);
  if (!tensor)
    return tensor.takeError();
  if (llvm::Error err = readFileRange(fd, tensor->getData(), layout->dataSize,
                                      layout->dataOffset))
    return std::move(err);
  return tensor;
}

/// Reads up to `size` bytes of the stream `fd` into `data`; returns how
/// many it read (fewer only where the stream ended).
static llvm::Expected<uint64_t> readStream(llvm::sys::fs::file_t fd, char *data,
                                           uint64_t size) {
  uint64_t done = 0;
  while (done < size) {
    size_t chunk = std::min<uint64_t>(size - done, uint64_t(1) << 30);
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFile(
        fd, llvm::MutableArrayRef<char>(data + done, chunk));
    if (!read)
      return read.takeError();
    if (*read == 0)
      break;
    done += *read;
  }
  return done;
}

/// Reads a .npy image from the pipe or device `fd`, whose size is unknown:
/// the magic string first, then the rest of the prelude, the header and the
/// data the header describes, so that a stream that is not a .npy image
/// (/dev/zero) is an error after its first bytes and no read goes past what
/// the header announces (but one byte, to tell trailing data).
static llvm::Expected<HostTensor>
readNpyStream(llvm::sys::fs::file_t fd,
              std::optional<ElementType> expectedType) {
  char start[kMaxPreludeSize];
  llvm::Expected<uint64_t> got = readStream(fd, start, kMagic.size());
  if (!got)
    return got.takeError();
  if (*got == 0)
    return createStringError(kEmptyMessage);
  if (!StringRef(start, *got).starts_with(kMagic))
    return createStringError(kBadMagicMessage);
  llvm::Expected<uint64_t> more =
      readStream(fd, start + kMagic.size(), 2 /*version*/);
  if (!more)
    return more.takeError();
  uint64_t startSize = kMagic.size() + *more;
  // Version 1.0 has a 2-byte header length, later versions 4 bytes.
  if (startSize == kMagic.size() + 2) {
    size_t lengthSize = start[kMagic.size()] == 1 ? 2 : 4;
    more = readStream(fd, start + startSize, lengthSize);
    if (!more)
      return more.takeError();
    startSize += *more;
  }
  size_t prelude;
  uint64_t headerLength;
  if (llvm::Error err = parsePrelude(StringRef(start, startSize),
                                     std::numeric_limits<uint64_t>::max(),
                                     prelude, headerLength))
    return std::move(err);
  // In chunks, so that memory grows only with the bytes that arrive.
  std::string header;
  while (header.size() < headerLength) {
    size_t done = header.size();
    header.resize(done + std::min<uint64_t>(headerLength - done, 1 << 16));
    more = readStream(fd, header.data() + done, header.size() - done);
    if (!more)
      return more.takeError();
    if (*more < header.size() - done)
      return createStringError("truncated header: " + Twine(headerLength) +
                               " bytes announced, the stream has " +
                               Twine(done + *more));
  }
  llvm::Expected<NpyLayout> layout =
      parseLayout(header, prelude + headerLength, std::nullopt, expectedType);
  if (!layout)
    return layout.takeError();
  llvm::Expected<HostTensor> tensor =
      HostTensor::allocate(layout->type, layout->shape);
  if (!tensor)
    return tensor.takeError();
  std::string typeText = formatTensorType(layout->shape, layout->type);
  more = readStream(fd, tensor->getData(), layout->dataSize);
  if (!more)
    return more.takeError();
  if (*more < layout->dataSize)
    return createStringError("truncated data: " + typeText + " needs " +
                             Twine(layout->dataSize) +
                             " bytes, the stream has " + Twine(*more));
  char extra;
  more = readStream(fd, &extra, 1);
  if (!more)
    return more.takeError();
  if (*more)
    return createStringError("data size mismatch: " + typeText + " needs " +
                             Twine(layout->dataSize) +
                             " bytes, the stream has more");
  return tensor;
}

llvm::Expected<HostTensor>
runner::readNpyFile(StringRef path, std::optional<ElementType> expectedType) {
  // Standard input is read as a stream from where it stands, whatever it
  // is (a pipe, or a file it was redirected from).
  if (path == "-") {
    llvm::Expected<HostTensor> tensor =
        readNpyStream(llvm::sys::fs::getStdinHandle(), expectedType);
    if (!tensor) {
      std::string message = llvm::toString(tensor.takeError());
      if (message == kBadMagicMessage || message == kEmptyMessage)
        message += "; standard input (@-) is read as .npy only (an ONNX "
                   "TensorProto is read from a file named *.pb)";
      return createStringError("'<stdin>': " + message);
    }
    return tensor;
  }
  llvm::Expected<llvm::sys::fs::file_t> fd =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!fd)
    return createStringError("cannot read '" + escapeForMessage(path) +
                             "': " + llvm::toString(fd.takeError()));
  llvm::scope_exit closeFile([&] { llvm::sys::fs::closeFile(*fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code error = llvm::sys::fs::status(*fd, status))
    return createStringError("cannot read '" + escapeForMessage(path) +
                             "': " + error.message());
  // Opening a directory succeeds; reading it fails with EISDIR.
  if (status.type() == llvm::sys::fs::file_type::directory_file)
    return createStringError(
        "cannot read '" + escapeForMessage(path) +
        "': " + std::make_error_code(std::errc::is_a_directory).message());
  llvm::Expected<HostTensor> tensor = [&]() -> llvm::Expected<HostTensor> {
    if (status.type() == llvm::sys::fs::file_type::regular_file)
      return readNpyRegularFile(*fd, path, status.getSize(), expectedType);
    return readNpyStream(*fd, expectedType);
  }();
  if (!tensor) {
    std::string message = llvm::toString(tensor.takeError());
    if (message == kBadMagicMessage || message == kEmptyMessage)
      message += "; a tensor file is .npy, or an ONNX TensorProto in a file "
                 "named *.pb";
    return createStringError("'" + escapeForMessage(path) + "': " + message);
  }
  return tensor;
}

void runner::writeNpy(raw_ostream &os, const HostTensor &tensor) {
  std::string header;
  llvm::raw_string_ostream hs(header);
  hs << "{'descr': '" << getNpyDtype(tensor.getElementType())
     << "', 'fortran_order': False, 'shape': (";
  llvm::interleave(tensor.getShape(), hs, ", ");
  hs << (tensor.getRank() == 1 ? ",), }" : "), }");
  // Pad with spaces so that the data starts at a multiple of 64 bytes;
  // the header ends with '\n'.
  size_t prelude = kMagic.size() + 4;
  size_t total = llvm::alignTo(prelude + header.size() + 1, 64);
  header.append(total - prelude - header.size() - 1, ' ');
  header.push_back('\n');
  // Version 1.0 limits the header to 64 KiB, i.e. ranks of several thousand.
  assert(header.size() <= UINT16_MAX && "header too long for .npy 1.0");

  os << kMagic;
  os << '\x01' << '\x00';
  char length[2];
  llvm::support::endian::write16le(length, header.size());
  os.write(length, 2);
  os << header;
  os.write(tensor.getData(), tensor.getSizeInBytes());
}

llvm::Error runner::writeNpyFile(StringRef path, const HostTensor &tensor) {
  return writeFileThrough(path,
                          [&](llvm::raw_ostream &os) { writeNpy(os, tensor); });
}
