//===- KernelInterface.cpp - signatures, shape rules, result dims ---------===//
//
// Prepares the tensor-level module for norm-compile: picks the exported
// functions, checks that the C interface can express their signatures,
// inlines every call, and derives, on a copy of the module, what the C
// wrapper must know before it calls the compiled code:
//
// * the run-time rules on the argument shapes: the conditions of the
//   `cf.assert`s that generate-runtime-verification emits (norm ops, linalg,
//   tensor), which must depend on argument sizes only (arith and index ops;
//   an assert in an scf.if, as linalg's, holds where its guard does not,
//   one in an scf.for where the loop runs no iteration);
//   they are cloned into a check function of the argument sizes, with the
//   static sizes and the non-negativity of every size;
// * every result dimension as a constant or an argument's dimension, found
//   by convert-norm-to-linalg, convert-elementwise-to-linalg and
//   resolve-ranked-shaped-type-result-dims, else by value bounds.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"
#include "ExportNames.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/InliningUtils.h"
#include "mlir/Transforms/Passes.h"
#include "norm/Conversion/Passes.h"
#include "norm/Dialect/Norm/IR/NormOps.h"
#include "norm/Support/EscapedText.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::norm;
using namespace mlir::norm::compile;
using llvm::createStringError;

StringRef compile::getCElementType(Type type) {
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  if (type.isF16() || type.isBF16())
    return "uint16_t";
  if (type.isSignlessInteger(32))
    return "int32_t";
  if (type.isSignlessInteger(64))
    return "int64_t";
  return {};
}

/// Returns whether `name` is a C identifier.
static bool isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Errors unless `type`, argument or result `index` of `func`, is a ranked
/// tensor of an element type the C interface has.
static llvm::Error checkInterfaceType(func::FuncOp func, StringRef what,
                                      unsigned index, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (tensor && !getCElementType(tensor.getElementType()).empty())
    return llvm::Error::success();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "function '" << func.getName() << "': " << what << ' ' << index
     << " has type " << type
     << "; the C interface takes ranked tensors of f16, bf16, f32, f64, i32 "
        "or i64";
  return createStringError(text);
}

/// Returns the functions to export: `names` in order (each once), or every
/// public function with a body.
static llvm::Expected<SmallVector<func::FuncOp>>
selectFunctions(ModuleOp module, ArrayRef<std::string> names) {
  SmallVector<func::FuncOp> selected;
  SmallVector<std::string> available;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      available.push_back(escapeForMessage(func.getName()));
  if (names.empty()) {
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        selected.push_back(func);
    if (selected.empty())
      return createStringError(
          "the module has no public function on tensors to export "
          "(norm-compile takes norm or linalg on tensors, not a lowered "
          "module)");
    return selected;
  }
  for (const std::string &name : names) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func || !func.isPublic() || func.isExternal()) {
      std::string candidates =
          "public functions: " + (available.empty()
                                      ? std::string("none")
                                      : llvm::join(available, ", "));
      if (func && !func.isPublic())
        return createStringError(
            "function '" + escapeForMessage(name) +
            "' is private: only public functions with a body can be "
            "exported; " +
            candidates);
      return createStringError("function '" + escapeForMessage(name) +
                               "' not found; " + candidates);
    }
    if (!llvm::is_contained(selected, func))
      selected.push_back(func);
  }
  return selected;
}

/// Returns whether the analysed copy `func` asserts that `value` is a
/// multiple of `factor` (`cf.assert` of `rem(value, factor) == 0`, as the
/// run-time checks of a grouped view emit); such a check is also one of the
/// wrapper's shape rules.
static bool isAssertedMultiple(func::FuncOp func, Value value, int64_t factor) {
  auto isFactor = [&](Value v) {
    std::optional<int64_t> constant = getConstantIntValue(v);
    return constant && *constant == factor;
  };
  WalkResult walk = func.walk([&](cf::AssertOp assertOp) {
    auto cmp = assertOp.getArg().getDefiningOp<arith::CmpIOp>();
    if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
      return WalkResult::advance();
    for (auto [lhs, rhs] : {std::pair(cmp.getLhs(), cmp.getRhs()),
                            std::pair(cmp.getRhs(), cmp.getLhs())}) {
      Operation *rem = lhs.getDefiningOp();
      if (isConstantIntValue(rhs, 0) && rem &&
          isa<arith::RemUIOp, arith::RemSIOp>(rem) &&
          rem->getOperand(0) == value && isFactor(rem->getOperand(1)))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Matches `value` = `factor * (size / factor)` (affine.apply or arith.muli
/// of a division by the same positive constant), where `size` is asserted
/// to be a multiple of `factor`: a grouped view collapsed back, e.g. C of
/// GroupNormalization's Y. Returns `size`.
static Value matchUndividedSize(Value value, func::FuncOp func) {
  Value quotient;
  int64_t factor = 0;
  if (auto apply = value.getDefiningOp<affine::AffineApplyOp>()) {
    AffineMap map = apply.getAffineMap();
    if (map.getNumResults() != 1)
      return {};
    auto mul = dyn_cast<AffineBinaryOpExpr>(map.getResult(0));
    if (!mul || mul.getKind() != AffineExprKind::Mul)
      return {};
    AffineExpr lhs = mul.getLHS(), rhs = mul.getRHS();
    if (isa<AffineConstantExpr>(lhs))
      std::swap(lhs, rhs);
    auto constant = dyn_cast<AffineConstantExpr>(rhs);
    if (!constant)
      return {};
    factor = constant.getValue();
    if (auto dim = dyn_cast<AffineDimExpr>(lhs))
      quotient = apply.getMapOperands()[dim.getPosition()];
    else if (auto symbol = dyn_cast<AffineSymbolExpr>(lhs))
      quotient =
          apply.getMapOperands()[map.getNumDims() + symbol.getPosition()];
  } else if (auto mul = value.getDefiningOp<arith::MulIOp>()) {
    for (auto [lhs, rhs] : {std::pair(mul.getLhs(), mul.getRhs()),
                            std::pair(mul.getRhs(), mul.getLhs())})
      if (std::optional<int64_t> constant = getConstantIntValue(rhs)) {
        quotient = lhs;
        factor = *constant;
        break;
      }
  }
  if (!quotient || factor <= 0)
    return {};
  Operation *div = quotient.getDefiningOp();
  if (!div || !isa<arith::DivUIOp, arith::DivSIOp>(div) ||
      getConstantIntValue(div->getOperand(1)) != factor)
    return {};
  Value size = div->getOperand(0);
  return isAssertedMultiple(func, size, factor) ? size : Value();
}

/// Returns the dimension `value` (an index in the analysed copy `func`)
/// stands for: a constant, or `tensor.dim` of an argument of `func` at a
/// constant position, also through ops whose result sizes can be reified
/// (ReifyRankedShapedTypeOpInterface: linalg, tensor.expand_shape, ...),
/// `depth` levels deep at most.
static std::optional<DimExpr> matchDimExpr(Value value, func::FuncOp func,
                                           unsigned depth = 32) {
  if (auto constant = value.getDefiningOp<arith::ConstantIndexOp>())
    return DimExpr{constant.value(), 0, 0};
  if (Value size = matchUndividedSize(value, func))
    return depth == 0 ? std::nullopt : matchDimExpr(size, func, depth - 1);
  auto dim = value.getDefiningOp<tensor::DimOp>();
  std::optional<int64_t> index = dim ? dim.getConstantIndex() : std::nullopt;
  if (!index)
    return std::nullopt;
  Value source = dim.getSource();
  if (auto arg = dyn_cast<BlockArgument>(source)) {
    if (arg.getOwner() != &func.front())
      return std::nullopt;
    return DimExpr{std::nullopt, arg.getArgNumber(),
                   static_cast<unsigned>(*index)};
  }
  auto result = cast<OpResult>(source);
  Operation *op = result.getOwner();
  if (depth == 0 || !isa<ReifyRankedShapedTypeOpInterface>(op))
    return std::nullopt;
  OpBuilder builder(op);
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reifyResultShapes(builder, op, shapes)))
    return std::nullopt;
  OpFoldResult size = shapes[result.getResultNumber()][*index];
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return DimExpr{*constant, 0, 0};
  return matchDimExpr(cast<Value>(size), func, depth - 1);
}

/// Returns the dimension `value` (an index in the analysed copy `func`)
/// stands for as matchDimExpr does, or else where the value bounds of the
/// copy (ValueBoundsOpInterface: tensors carried by scf.for, the inits of
/// destination-style ops, tensor and arith ops) prove it a constant or equal
/// to a dynamic size of an argument.
static std::optional<DimExpr> deriveDimExpr(Value value, func::FuncOp func) {
  if (std::optional<DimExpr> expr = matchDimExpr(value, func))
    return expr;
  using Variable = ValueBoundsConstraintSet::Variable;
  Variable size(value);
  FailureOr<int64_t> constant = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::EQ, size);
  if (succeeded(constant))
    return DimExpr{*constant, 0, 0};
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      if (!type.isDynamicDim(i))
        continue;
      FailureOr<bool> equal =
          ValueBoundsConstraintSet::areEqual(size, Variable(arg, i));
      if (succeeded(equal) && *equal)
        return DimExpr{std::nullopt, arg.getArgNumber(),
                       static_cast<unsigned>(i)};
    }
  }
  return std::nullopt;
}

/// Returns whether every division and remainder of `map` (floordiv,
/// ceildiv, mod) is by a positive constant: an affine.apply that the
/// check function may compute unconditionally (lower-affine expands it to
/// arith with those constants).
static bool hasOnlyPositiveConstantDivisors(AffineMap map) {
  return llvm::all_of(map.getResults(), [](AffineExpr result) {
    WalkResult walk = result.walk([](AffineExpr expr) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      if (!binary || binary.getKind() == AffineExprKind::Add ||
          binary.getKind() == AffineExprKind::Mul)
        return WalkResult::advance();
      auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
      return divisor && divisor.getValue() > 0 ? WalkResult::advance()
                                               : WalkResult::interrupt();
    });
    return !walk.wasInterrupted();
  });
}

namespace {
/// Clones the computation of a run-time check's condition from the analysed
/// copy into the check function, with each `tensor.dim` of an argument
/// replaced by the check function's argument for that size.
class ConditionCloner {
public:
  ConditionCloner(func::FuncOp analysed, Block *checkEntry,
                  ArrayRef<unsigned> dimOffsets, OpBuilder &builder)
      : analysed(analysed), checkEntry(checkEntry), dimOffsets(dimOffsets),
        builder(builder) {}

  /// Returns the clone of `value`, or failure where it depends on anything
  /// but argument sizes and constants through side-effect-free arith and
  /// index ops and affine.apply (divisions only by non-zero constants; the
  /// lowering computes sizes such as GroupNormalization's C from C /
  /// num_groups with affine.apply).
  FailureOr<Value> clone(Value value) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *def = value.getDefiningOp();
    if (!def)
      return fail(nullptr, "a block argument (a loop's index or the like)");
    if (auto dim = dyn_cast<tensor::DimOp>(def)) {
      std::optional<DimExpr> expr = deriveDimExpr(value, analysed);
      if (!expr || expr->constant)
        return fail(def, "a size that is not an argument's");
      Value size = checkEntry->getArgument(dimOffsets[expr->arg] + expr->dim);
      mapping.map(value, size);
      return size;
    }
    auto apply = dyn_cast<affine::AffineApplyOp>(def);
    if (apply && !hasOnlyPositiveConstantDivisors(apply.getAffineMap()))
      return fail(def, "a division by other than a positive constant");
    if (!apply &&
        (!isa<arith::ArithDialect, index::IndexDialect>(def->getDialect()) ||
         def->getNumRegions() != 0 || !isMemoryEffectFree(def)))
      return fail(def, "");
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp,
            index::DivSOp, index::DivUOp, index::RemSOp, index::RemUOp,
            index::CeilDivSOp, index::CeilDivUOp, index::FloorDivSOp>(def)) {
      std::optional<int64_t> divisor = getConstantIntValue(def->getOperand(1));
      if (!divisor || *divisor == 0)
        return fail(def, "a division by other than a non-zero constant");
    }
    for (Value operand : def->getOperands())
      if (failed(clone(operand)))
        return failure();
    Operation *copy = builder.clone(*def, mapping);
    return copy->getResult(cast<OpResult>(value).getResultNumber());
  }

  /// What the last failed clone depends on, for the error message: "the
  /// value of 'op' at location", or "'op' at location (why not)".
  const std::string &getFailure() const { return failureText; }

private:
  /// Records that the condition depends on `op` (`what`: why it is not a
  /// shape computation; empty: on its value), or on `what` without an op.
  FailureOr<Value> fail(Operation *op, StringRef what) {
    llvm::raw_string_ostream os(failureText);
    failureText.clear();
    if (!op) {
      os << what;
      return failure();
    }
    if (what.empty())
      os << "the value of ";
    os << '\'' << op->getName() << '\'';
    if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
      os << " at " << loc.getFilename().getValue() << ':' << loc.getLine()
         << ':' << loc.getColumn();
    if (!what.empty())
      os << " (" << what << ')';
    return failure();
  }

  func::FuncOp analysed;
  Block *checkEntry;
  ArrayRef<unsigned> dimOffsets;
  OpBuilder &builder;
  IRMapping mapping;
  std::string failureText;
};
} // namespace

/// Returns what the run-time check `assertOp` checks, for an error message:
/// for generate-runtime-verification's messages ("ERROR: Runtime op
/// verification failed", the op, "^ what", its location) the op's name and
/// what, else the message's first line.
static std::string describeCheck(cf::AssertOp assertOp) {
  SmallVector<StringRef> lines;
  StringRef(assertOp.getMsg()).split(lines, '\n');
  if (lines.size() >= 3 && lines[0].starts_with("ERROR: Runtime op") &&
      lines[2].starts_with("^ ")) {
    StringRef op = lines[1].trim();
    if (size_t equals = op.find(" = "); equals != StringRef::npos)
      op = op.drop_front(equals + 3);
    op = op.take_until([](char c) { return c == ' ' || c == '('; }).trim('"');
    return ("of '" + op + "' (" + lines[2].drop_front(2) + ")").str();
  }
  return ("'" + lines.front() + "'").str();
}

/// Adds to the analysed copy, for `func`, a private function that computes
/// the same and also returns every dynamic result size (index results after
/// the tensors); returns it.
static FailureOr<func::FuncOp>
addShapeFunction(ModuleOp copy, func::FuncOp func, StringRef name) {
  auto shapes = cast<func::FuncOp>(func->clone());
  shapes.setName(name);
  shapes.setPrivate();
  SymbolTable(copy).insert(shapes);
  // The result attributes (ONNX's `onnx.name`, ...) are per result; the
  // sizes added below have none.
  shapes.removeResAttrsAttr();
  SmallVector<func::ReturnOp> returns(shapes.getOps<func::ReturnOp>());
  if (returns.size() != 1 || shapes.getBody().getBlocks().size() != 1)
    return failure();
  func::ReturnOp ret = returns.front();
  OpBuilder builder(ret);
  SmallVector<Value> operands(ret.getOperands());
  SmallVector<Type> resultTypes(shapes.getFunctionType().getResults());
  for (Value result : ret.getOperands()) {
    auto type = cast<RankedTensorType>(result.getType());
    for (int64_t i = 0; i < type.getRank(); ++i) {
      if (!type.isDynamicDim(i))
        continue;
      operands.push_back(
          tensor::DimOp::create(builder, ret.getLoc(), result, i));
      resultTypes.push_back(builder.getIndexType());
    }
  }
  ret->setOperands(operands);
  shapes.setFunctionType(builder.getFunctionType(
      shapes.getFunctionType().getInputs(), resultTypes));
  return shapes;
}

/// Returns the function with a body that `call` calls, or null.
static FunctionOpInterface getCalledBody(CallOpInterface call,
                                         SymbolTableCollection &symbols) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&symbols));
  return callee && !callee.isExternal() ? callee : nullptr;
}

/// Returns " (at FILE:LINE:COL)" for a file location, else "".
static std::string describeLocation(Location loc) {
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  if (!fileLoc)
    return {};
  return (" (at " + escapeForMessage(fileLoc.getFilename().getValue()) + ":" +
          Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()) + ")")
      .str();
}

/// Returns whether `callee` calls itself, directly or through other
/// functions with a body (a cycle of the call graph through it).
static bool isRecursive(FunctionOpInterface callee,
                        SymbolTableCollection &symbols) {
  SmallVector<FunctionOpInterface> worklist = {callee};
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    FunctionOpInterface func = worklist.pop_back_val();
    bool found = false;
    func->walk([&](CallOpInterface call) {
      FunctionOpInterface next = getCalledBody(call, symbols);
      if (!next)
        return WalkResult::advance();
      if (next == callee) {
        found = true;
        return WalkResult::interrupt();
      }
      if (visited.insert(next).second)
        worklist.push_back(next);
      return WalkResult::advance();
    });
    if (found)
      return true;
  }
  return false;
}

/// Returns why the inliner left `call` of `callee`: a call-graph cycle, the
/// attribute `no_inline` (on the call or the callee), or the first op of the
/// callee whose dialect does not let it be inlined.
static std::string getNotInlinedReason(CallOpInterface call,
                                       FunctionOpInterface callee,
                                       SymbolTableCollection &symbols) {
  if (isRecursive(callee, symbols))
    return "a recursive call: '" + escapeForMessage(callee.getName()) +
           "' calls itself, directly or through other functions";
  if (call->hasAttr("no_inline"))
    return "the call has the attribute 'no_inline'";
  if (callee->hasAttr("no_inline"))
    return "'" + escapeForMessage(callee.getName()) +
           "' has the attribute 'no_inline'";
  std::string reason;
  callee->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == callee.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    auto *interface =
        dialect ? dialect->getRegisteredInterface<DialectInlinerInterface>()
                : nullptr;
    if (interface) {
      IRMapping mapping;
      if (interface->isLegalToInline(op, &callee.getFunctionBody(),
                                     /*wouldBeCloned=*/true, mapping))
        return WalkResult::advance();
    }
    reason = "'" + escapeForMessage(callee.getName()) + "' has the op '" +
             escapeForMessage(op->getName().getStringRef()) + "'" +
             describeLocation(op->getLoc()) +
             (interface ? ", which its dialect does not let be inlined"
                        : ", of a dialect without an inliner interface");
    return WalkResult::interrupt();
  });
  if (reason.empty())
    reason = "the inliner gave no reason";
  return reason;
}

/// The most operations a function may have once its calls are inlined.
/// Each call copies the body of the function it calls, so a chain of
/// functions that each call the next twice grows as 2^n: beyond this bound
/// norm-compile refuses the module rather than compile for hours.
static constexpr uint64_t kMaxInlinedOps = 100000;

/// Returns an error naming a function of `module` that would have more than
/// kMaxInlinedOps operations with every call inlined (its own operations
/// plus, per call of a function with a body, that function's inlined count;
/// a call back into a function being counted, which the inliner leaves,
/// counts nothing).
static llvm::Error checkInlinedSize(ModuleOp module,
                                    SymbolTableCollection &symbols) {
  llvm::DenseMap<Operation *, uint64_t> counts;
  llvm::SmallPtrSet<Operation *, 8> counting;
  std::function<uint64_t(FunctionOpInterface)> countOps =
      [&](FunctionOpInterface function) -> uint64_t {
    if (auto it = counts.find(function); it != counts.end())
      return it->second;
    if (!counting.insert(function).second)
      return 0;
    uint64_t count = 0;
    function->walk([&](Operation *op) {
      count = std::min(count + 1, kMaxInlinedOps + 1);
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (FunctionOpInterface callee = getCalledBody(call, symbols))
          count = std::min(count + countOps(callee), kMaxInlinedOps + 1);
    });
    counting.erase(function);
    return counts[function] = count;
  };
  for (auto function : module.getOps<FunctionOpInterface>()) {
    if (function.isExternal() || countOps(function) <= kMaxInlinedOps)
      continue;
    return createStringError(
        "function '" + escapeForMessage(function.getName()) + "'" +
        describeLocation(function.getLoc()) + " would have more than " +
        llvm::Twine(kMaxInlinedOps) +
        " operations with its calls inlined (each call copies the body of "
        "the function it calls); norm-compile inlines every call: call "
        "fewer functions, or each fewer times");
  }
  return llvm::Error::success();
}

/// Inlines every call of a function with a body in `module` (upstream
/// `inline`, without its simplification pipeline: a module without such
/// calls is left as it is), so that the run-time checks of a callee become
/// those of each caller, on the caller's operands, and every result size
/// an expression of the caller's values. A call left is an error naming it
/// and why the inliner left it (getNotInlinedReason); so is a function that
/// would grow beyond kMaxInlinedOps (checkInlinedSize), before inlining.
static llvm::Error inlineCalls(ModuleOp module) {
  SymbolTableCollection symbols;
  auto findCall = [&]() -> CallOpInterface {
    CallOpInterface found;
    module.walk([&](CallOpInterface call) {
      if (!getCalledBody(call, symbols))
        return WalkResult::advance();
      found = call;
      return WalkResult::interrupt();
    });
    return found;
  };
  if (!findCall())
    return llvm::Error::success();
  if (llvm::Error err = checkInlinedSize(module, symbols))
    return err;
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  if (failed(pm.run(module)))
    return createStringError("cannot inline the calls of the module");
  symbols.invalidateSymbolTable(module);
  CallOpInterface call = findCall();
  if (!call)
    return llvm::Error::success();
  std::string text;
  llvm::raw_string_ostream os(text);
  auto caller = call->getParentOfType<FunctionOpInterface>();
  FunctionOpInterface callee = getCalledBody(call, symbols);
  os << "function '" << escapeForMessage(caller.getName()) << "' calls '"
     << escapeForMessage(callee.getName()) << "'";
  if (auto loc = dyn_cast<FileLineColLoc>(call->getLoc()))
    os << " at " << escapeForMessage(loc.getFilename().getValue()) << ':'
       << loc.getLine() << ':' << loc.getColumn();
  os << ", a call the inliner cannot inline ("
     << getNotInlinedReason(call, callee, symbols)
     << "); norm-compile inlines every call, so that the C interface checks "
        "the callee's run-time rules before computing";
  return createStringError(text);
}

llvm::Expected<std::vector<Kernel>>
compile::prepareKernels(ModuleOp module, ArrayRef<std::string> names,
                        StringRef prefix) {
  auto selected = selectFunctions(module, names);
  if (!selected)
    return selected.takeError();
  // The shape functions and the check functions are built of these ops,
  // which a module (e.g. a function returning its argument) may not use.
  module.getContext()
      ->loadDialect<arith::ArithDialect, cf::ControlFlowDialect,
                    func::FuncDialect, tensor::TensorDialect>();

  std::vector<Kernel> kernels;
  for (func::FuncOp func : *selected) {
    Kernel kernel;
    kernel.name = func.getName().str();
    kernel.symbol = (prefix + func.getName()).str();
    kernel.implName = ("__norm_impl_" + func.getName()).str();
    kernel.checkName = ("__norm_check_" + func.getName()).str();
    if (!isCIdentifier(kernel.symbol))
      return createStringError("exported name '" +
                               escapeForMessage(kernel.symbol) +
                               "' (--prefix, then the function name) is not "
                               "a C identifier");
    std::string reserved = getReservedReason(kernel.symbol);
    if (!reserved.empty())
      return createStringError("exported name '" + kernel.symbol + "' " +
                               reserved + "; choose another with --prefix");
    for (StringRef internal : {kernel.implName, kernel.checkName})
      if (module.lookupSymbol(internal))
        return createStringError("the module already has a symbol '" +
                                 internal + "', a name norm-compile uses");
    FunctionType type = func.getFunctionType();
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      if (llvm::Error err = checkInterfaceType(func, "argument", index, input))
        return std::move(err);
      kernel.arguments.push_back(cast<RankedTensorType>(input));
      auto name = func.getArgAttrOfType<StringAttr>(index, "onnx.name");
      kernel.argumentNames.push_back(name ? name.str() : std::string());
    }
    for (auto [index, result] : llvm::enumerate(type.getResults())) {
      if (llvm::Error err = checkInterfaceType(func, "result", index, result))
        return std::move(err);
      kernel.results.push_back(cast<RankedTensorType>(result));
      auto name = func.getResultAttrOfType<StringAttr>(index, "onnx.name");
      kernel.resultNames.push_back(name ? name.str() : std::string());
    }
    kernels.push_back(std::move(kernel));
  }

  if (llvm::Error err = inlineCalls(module))
    return std::move(err);

  // The analysis, on a copy: run-time checks, lowering to linalg, result
  // sizes resolved to argument sizes.
  OwningOpRef<ModuleOp> copy = module.clone();
  SmallVector<std::string> shapeNames;
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    std::string name = "__norm_shapes_" + std::to_string(index);
    auto func = copy->lookupSymbol<func::FuncOp>(kernel.name);
    if (failed(addShapeFunction(*copy, func, name)))
      return createStringError("function '" + kernel.name +
                               "': norm-compile needs a body of one block "
                               "ending in one return");
    shapeNames.push_back(name);
  }
  MLIRContext *context = module.getContext();
  PassManager pm(context, ModuleOp::getOperationName());
  // Elementwise ops on tensors (arith.extf, arith.addf, ...) as
  // linalg.generic, as norm-to-llvm lowers them: their result sizes reify
  // to their operands', and their operands' sizes are checked (those of
  // linalg ops) where they may differ.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createGenerateRuntimeVerificationPass());
  pm.addNestedPass<func::FuncOp>(createConvertNormToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(memref::createResolveRankedShapeTypeResultDimsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (failed(pm.run(*copy)))
    return createStringError("cannot analyse the shapes of the module");
  // The messages of the checks (norm.check_message) are of no use to the
  // shape rules, which see their conditions.
  copy->walk([](CheckMessageOp message) {
    message.replaceAllUsesWith(message.getCondition());
    message.erase();
  });

  OpBuilder builder(context);
  for (auto [kernel, shapeName] : llvm::zip_equal(kernels, shapeNames)) {
    auto shapes = copy->lookupSymbol<func::FuncOp>(shapeName);
    auto ret = cast<func::ReturnOp>(shapes.front().getTerminator());
    // Result sizes.
    unsigned next = kernel.results.size();
    for (auto [resultIndex, type] : llvm::enumerate(kernel.results)) {
      SmallVector<DimExpr> dims;
      for (int64_t i = 0; i < type.getRank(); ++i) {
        if (!type.isDynamicDim(i)) {
          dims.push_back(DimExpr{type.getDimSize(i), 0, 0});
          continue;
        }
        std::optional<DimExpr> expr =
            deriveDimExpr(ret.getOperand(next++), shapes);
        if (!expr)
          return createStringError(
              "function '" + kernel.name + "': dimension " + Twine(i) +
              " of result " + Twine(resultIndex) +
              " cannot be derived from the argument shapes (the C interface "
              "needs every result size as a constant or an argument's size; "
              "a sum or product of sizes, a size read from a tensor's values "
              "or one that a loop or an scf.if changes is none)");
        if (expr->constant && *expr->constant < 0)
          return createStringError(
              "function '" + kernel.name + "': dimension " + Twine(i) +
              " of result " + Twine(resultIndex) + " is the negative size " +
              Twine(*expr->constant));
        dims.push_back(*expr);
      }
      kernel.resultDims.push_back(std::move(dims));
    }

    // The check function: every size non-negative, static sizes as
    // declared, then the run-time checks.
    SmallVector<unsigned> dimOffsets;
    SmallVector<Type> dimTypes;
    for (RankedTensorType type : kernel.arguments) {
      dimOffsets.push_back(dimTypes.size());
      dimTypes.append(type.getRank(), builder.getIndexType());
    }
    Location loc = module.getLoc();
    builder.setInsertionPointToEnd(module.getBody());
    auto check = func::FuncOp::create(
        builder, loc, kernel.checkName,
        builder.getFunctionType(dimTypes, {builder.getI1Type()}));
    check.setPrivate();
    Block *entry = check.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    Value ok = arith::ConstantIntOp::create(builder, loc, 1, 1);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    auto conjoin = [&](Value condition) {
      ok = arith::AndIOp::create(builder, loc, ok, condition);
    };
    for (auto [argIndex, type] : llvm::enumerate(kernel.arguments)) {
      for (int64_t i = 0; i < type.getRank(); ++i) {
        Value size = entry->getArgument(dimOffsets[argIndex] + i);
        conjoin(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                      size, zero));
        if (!type.isDynamicDim(i))
          conjoin(arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        size,
                                        arith::ConstantIndexOp::create(
                                            builder, loc, type.getDimSize(i))));
      }
    }
    ConditionCloner cloner(shapes, entry, dimOffsets, builder);
    Value trueValue = arith::ConstantIntOp::create(builder, loc, 1, 1);
    std::string checkError;
    StringRef kernelName = kernel.name;
    auto refuse = [&](cf::AssertOp assertOp, const Twine &reason) {
      checkError = ("function '" + kernelName + "': the run-time check " +
                    describeCheck(assertOp) + " " + reason +
                    "; the C interface checks shapes before computing")
                       .str();
      return WalkResult::interrupt();
    };
    WalkResult walk = shapes.walk([&](cf::AssertOp assertOp) {
      FailureOr<Value> condition = cloner.clone(assertOp.getArg());
      if (failed(condition))
        return refuse(assertOp,
                      "depends on more than the argument shapes: on " +
                          cloner.getFailure());
      // An assert in an scf.if (the checks of linalg ops, guarded by a
      // non-empty iteration space) holds where the guard does not; one in
      // the body of an scf.for (its condition independent of the loop's
      // index and of its carried values but for their sizes, which the
      // value bounds equate to argument sizes) where the loop runs no
      // iteration.
      for (Operation *op = assertOp; op->getParentOp() != shapes;
           op = op->getParentOp()) {
        Operation *parent = op->getParentOp();
        auto ifOp = dyn_cast<scf::IfOp>(parent);
        auto forOp = dyn_cast<scf::ForOp>(parent);
        if (!ifOp && !forOp)
          return refuse(assertOp, "is inside '" +
                                      parent->getName().getStringRef() +
                                      "', not only in scf.if and scf.for");
        FailureOr<Value> guard = failure();
        if (ifOp) {
          guard = cloner.clone(ifOp.getCondition());
        } else {
          FailureOr<Value> lower = cloner.clone(forOp.getLowerBound());
          FailureOr<Value> upper = failure();
          if (succeeded(lower))
            upper = cloner.clone(forOp.getUpperBound());
          if (succeeded(upper))
            guard = arith::CmpIOp::create(builder, loc,
                                          forOp.getUnsignedCmp()
                                              ? arith::CmpIPredicate::ult
                                              : arith::CmpIPredicate::slt,
                                          *lower, *upper)
                        .getResult();
        }
        if (failed(guard))
          return refuse(assertOp,
                        "is guarded by a condition that depends on more "
                        "than the argument shapes: on " +
                            cloner.getFailure());
        Value holds = *guard;
        if (ifOp && op->getParentRegion() == &ifOp.getElseRegion())
          holds = arith::XOrIOp::create(builder, loc, holds, trueValue);
        condition = arith::OrIOp::create(
                        builder, loc,
                        arith::XOrIOp::create(builder, loc, holds, trueValue),
                        *condition)
                        .getResult();
      }
      conjoin(*condition);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return createStringError(checkError);
    func::ReturnOp::create(builder, loc, ok);

    // The function itself, under its internal name. The wrapper checks the
    // condition of every cf.assert of its body (the importer's and those of
    // generate-runtime-verification, above) before the call, so the body
    // needs them no more; lowered, they would call puts and abort where
    // LLVM cannot prove them true (the compiled function not inlined into
    // its wrapper). No function of the module calls it any more: its
    // callers have their own copy of its body (inlineCalls), whose checks
    // are theirs.
    auto func = module.lookupSymbol<func::FuncOp>(kernel.name);
    if (!SymbolTable::symbolKnownUseEmpty(func, module))
      return createStringError("function '" + kernel.name +
                               "' is referred to by other than a call");
    func.walk([](cf::AssertOp assertOp) { assertOp.erase(); });
    func.setName(kernel.implName);
  }
  return kernels;
}
