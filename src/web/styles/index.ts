// Every page's style sheets: the fonts, Mantine's styles and our own. Imported by both entries (main.tsx
// and the prerendered landing page's landing.tsx), which Vite then serves as one shared style sheet.
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/700.css';
import '@fontsource/montserrat/800.css';
import './mantine.css';
import './global.css';
