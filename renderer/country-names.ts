import type { Language } from '@schemas/languages';

/** Each ISO 3166-1 alpha-3 code (what addresses store) followed by its alpha-2 code, five letters each. */
const ALPHA3_ALPHA2 =
  'ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT ' +
  'AZEAZ BDIBI BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO ' +
  'BRABR BRBBB BRNBN BTNBT BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG ' +
  'COKCK COLCO COMKM CPVCV CRICR CUBCU CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO ' +
  'DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB ' +
  'GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY ' +
  'HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR IRQIQ ISLIS ISRIL ITAIT ' +
  'JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB LBRLR LBYLY ' +
  'LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH ' +
  'MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA ' +
  'NCLNC NERNE NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE ' +
  'PHLPH PLWPW PNGPG POLPL PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA ' +
  'SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR ' +
  'SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO ' +
  'TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY USAUS UZBUZ VATVA VCTVC VENVE VGBVG ' +
  'VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW';

/** Alpha-3 -> alpha-2, for every country an address may name. */
export const ALPHA2_OF: ReadonlyMap<string, string> = new Map(
  ALPHA3_ALPHA2.split(' ').map((pair) => [pair.slice(0, 3), pair.slice(3)]),
);

const names = new Map<Language, Intl.DisplayNames>();

/**
 * A country's name in the viewer's language, from the runtime's own data (Intl.DisplayNames, in
 * every browser and in Node, offline): "Japan", "日本". Undefined for a code it does not know.
 */
function countryName(alpha3: string, language: Language): string | undefined {
  const alpha2 = ALPHA2_OF.get(alpha3);
  if (alpha2 === undefined) return undefined;
  let display = names.get(language);
  if (!display) {
    display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    names.set(language, display);
  }
  return display.of(alpha2);
}

/** A country as the picker lists it: its name beside the stored ISO code ("Japan (JPN)"), or the code alone. */
export function countryLabel(alpha3: string, language: Language): string {
  const name = countryName(alpha3, language);
  return name ? `${name} (${alpha3})` : alpha3;
}
