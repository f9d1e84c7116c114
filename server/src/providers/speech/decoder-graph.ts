import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** What Moonshine's merged decoder calls its output projection's weights: the token embeddings, transposed. */
const PROJECTION_WEIGHTS = 'model.decoder.embed_tokens.weight_transposed';

/**
 * Moonshine Tiny's merged decoder with its output projection reading the int8 weights as they are stored.
 *
 * The model ties the projection to the token embeddings (288 × 32,768, int8, one scale): each branch of its `If`
 * dequantizes the whole matrix to float (37.7 MB) and multiplies by it, on every step of the search. ONNX Runtime
 * does not fold a DequantizeLinear (it keeps quantized patterns for its own fusions), so that was half of each
 * step: its profiler, on 20 of the bench's rightly read sentences, found 2.1 ms dequantizing and 6.9 ms
 * multiplying in 18 ms a step (10.8 ms with this).
 * Here the MatMul becomes `DynamicQuantizeMatMul` (ONNX Runtime's CPU contrib operator, the one it already fuses
 * the decoder's other int8 layers into): the hidden state is quantized to 8 bits per step and multiplied by the
 * int8 weights directly. The session option that folds the DequantizeLinear instead (`session.disable_quant_qdq`)
 * was as fast but kept three float copies of the matrix, 120 MB more.
 *
 * The file is checked by its sha256 before this runs (models.ts), so a model without these nodes is an error.
 */
export const withInt8OutputProjection = (bytes: Uint8Array): Uint8Array => {
  const model = onnx.ModelProto.decode(bytes);
  const branches = (model.graph?.node ?? [])
    .filter((node) => node.opType === 'If')
    .flatMap((node) => (node.attribute ?? []).flatMap((attribute) => (attribute.g ? [attribute.g] : [])));
  let rewritten = 0;
  for (const graph of branches) {
    const nodes = graph.node ?? [];
    const users = nodes.filter((node) => node.input?.includes(PROJECTION_WEIGHTS));
    const dequantize = nodes.find(
      (node) => node.opType === 'DequantizeLinear' && node.output?.[0] === PROJECTION_WEIGHTS,
    );
    const [projection] = users;
    const [weights, scale, zeroPoint] = dequantize?.input ?? [];
    const input = projection?.input?.[0];
    if (!dequantize || !projection || users.length !== 1 || projection.opType !== 'MatMul') continue;
    if (!input || !weights || !scale || !zeroPoint) continue;
    projection.opType = 'DynamicQuantizeMatMul';
    projection.domain = 'com.microsoft';
    projection.input = [input, weights, scale, zeroPoint];
    nodes.splice(nodes.indexOf(dequantize), 1);
    rewritten++;
  }
  if (rewritten !== 2 || branches.length !== 2)
    throw new Error(
      `The decoder's output projection was not found in both branches (${rewritten} rewritten).`,
    );
  if (!model.opsetImport.some((opset) => opset.domain === 'com.microsoft'))
    model.opsetImport.push(onnx.OperatorSetIdProto.create({ domain: 'com.microsoft', version: 1 }));
  return onnx.ModelProto.encode(model).finish();
};
