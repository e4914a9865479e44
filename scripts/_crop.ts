import sharp from "sharp";
const [file, left, top, width, height, out] = process.argv.slice(2);
await sharp(file).extract({ left: Number(left), top: Number(top), width: Number(width), height: Number(height) }).toFile(out!);
